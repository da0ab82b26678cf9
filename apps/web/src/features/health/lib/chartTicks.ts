const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY_MINUTES = 1440;

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The chart's time label for a range: the clock up to a day, day and clock up to a week,
 * the day up to a year, then month and year, so that ticks of long ranges do not all read '00:00'.
 */
export function tickFormatFor(rangeMinutes: number): (time: string) => string {
  if (rangeMinutes <= DAY_MINUTES)
    return (t) => {
      const d = new Date(t);
      return `${two(d.getHours())}:${two(d.getMinutes())}`;
    };
  if (rangeMinutes <= 7 * DAY_MINUTES)
    return (t) => {
      const d = new Date(t);
      return `${d.getDate()} ${MONTHS[d.getMonth()]} ${two(d.getHours())}:${two(d.getMinutes())}`;
    };
  if (rangeMinutes <= 366 * DAY_MINUTES)
    return (t) => {
      const d = new Date(t);
      return `${d.getDate()} ${MONTHS[d.getMonth()]}`;
    };
  return (t) => {
    const d = new Date(t);
    return `${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
  };
}

/**
 * Tick positions with distinct labels: the first time of each label, thinned evenly to at
 * most `max`, so the axis never repeats a label however many buckets share it.
 */
export function distinctTicks(times: readonly string[], format: (t: string) => string, max = 8): string[] {
  const firsts: string[] = [];
  const seen = new Set<string>();
  for (const t of times) {
    const label = format(t);
    if (seen.has(label)) continue;
    seen.add(label);
    firsts.push(t);
  }
  if (firsts.length <= max) return firsts;
  const step = Math.ceil(firsts.length / max);
  return firsts.filter((_, i) => i % step === 0);
}
