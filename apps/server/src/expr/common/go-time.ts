/**
 * Go reference-time layouts (`2006-01-02T15:04:05Z07:00`, `Jan 2, 2006 3:04 PM`) for the
 * template `date` functions, formatted in UTC or a named IANA time zone.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type Parts = {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  weekday: number;
  yday: number;
  offsetMin: number;
  zone: string;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        timeZoneName: 'short',
      });
    } catch {
      throw new Error(`unknown time zone "${timeZone}"`);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

function partsIn(date: Date, timeZone: string): Parts {
  const get: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(date)) get[p.type] = p.value;
  const year = Number(get.year);
  const month = Number(get.month);
  const day = Number(get.day);
  const hour = Number(get.hour) % 24;
  const minute = Number(get.minute);
  const second = Number(get.second);
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMin = Math.round((wallAsUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  const zoneName = get.timeZoneName ?? 'UTC';
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    ms: date.getUTCMilliseconds(),
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    yday: Math.round((Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000) + 1,
    offsetMin,
    zone: zoneName === 'GMT' ? 'UTC' : zoneName,
  };
}

const pad = (n: number, width: number, fill = '0') => String(n).padStart(width, fill);

function offset(p: Parts, style: string): string {
  if (style.startsWith('Z') && p.offsetMin === 0) return 'Z';
  const sign = p.offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(p.offsetMin);
  const hh = pad(Math.floor(abs / 60), 2);
  const mm = pad(abs % 60, 2);
  const bare = style.replace(/^Z/, '-');
  if (bare === '-07') return `${sign}${hh}`;
  if (bare === '-0700') return `${sign}${hh}${mm}`;
  if (bare === '-070000') return `${sign}${hh}${mm}00`;
  if (bare === '-07:00:00') return `${sign}${hh}:${mm}:00`;
  return `${sign}${hh}:${mm}`;
}

// Longest tokens first so `2006` wins over `2`, `January` over `Jan`, `-07:00:00` over `-07`.
const TOKENS = [
  'January',
  'Monday',
  '-07:00:00',
  'Z07:00:00',
  '-070000',
  'Z070000',
  '-07:00',
  'Z07:00',
  '-0700',
  'Z0700',
  '2006',
  '__2',
  '002',
  'Jan',
  'Mon',
  'MST',
  '-07',
  'Z07',
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '_2',
  '15',
  'PM',
  'pm',
  '1',
  '2',
  '3',
  '4',
  '5',
];

function fraction(layout: string, at: number): string | undefined {
  const m = /^[.,](0+|9+)(?!\d)/.exec(layout.slice(at));
  return m?.[0];
}

function token(t: string, p: Parts): string {
  switch (t) {
    case 'January':
      return MONTHS[p.month - 1] ?? '';
    case 'Jan':
      return (MONTHS[p.month - 1] ?? '').slice(0, 3);
    case 'Monday':
      return DAYS[p.weekday] ?? '';
    case 'Mon':
      return (DAYS[p.weekday] ?? '').slice(0, 3);
    case 'MST':
      return p.zone;
    case '2006':
      return pad(p.year, 4);
    case '06':
      return pad(p.year % 100, 2);
    case '01':
      return pad(p.month, 2);
    case '1':
      return String(p.month);
    case '02':
      return pad(p.day, 2);
    case '_2':
      return pad(p.day, 2, ' ');
    case '2':
      return String(p.day);
    case '002':
      return pad(p.yday, 3);
    case '__2':
      return pad(p.yday, 3, ' ');
    case '15':
      return pad(p.hour, 2);
    case '03':
      return pad(p.hour % 12 || 12, 2);
    case '3':
      return String(p.hour % 12 || 12);
    case '04':
      return pad(p.minute, 2);
    case '4':
      return String(p.minute);
    case '05':
      return pad(p.second, 2);
    case '5':
      return String(p.second);
    case 'PM':
      return p.hour >= 12 ? 'PM' : 'AM';
    case 'pm':
      return p.hour >= 12 ? 'pm' : 'am';
    default:
      return offset(p, t);
  }
}

/** Formats `date` with a Go layout in `timeZone` (IANA name, default UTC). */
export function formatGoTime(layout: string, date: Date, timeZone = 'UTC'): string {
  if (Number.isNaN(date.getTime())) throw new Error('invalid time');
  const p = partsIn(date, timeZone === 'Local' ? 'UTC' : timeZone);
  let out = '';
  for (let i = 0; i < layout.length;) {
    const frac = fraction(layout, i);
    if (frac) {
      const digits = (String(p.ms).padStart(3, '0') + '000000').slice(0, frac.length - 1);
      const text = frac[1] === '9' ? digits.replace(/0+$/, '') : digits;
      out += text ? frac[0] + text : '';
      i += frac.length;
      continue;
    }
    const t = TOKENS.find((tok) => layout.startsWith(tok, i));
    if (t) {
      out += token(t, p);
      i += t.length;
    } else {
      out += layout[i];
      i++;
    }
  }
  return out;
}

/**
 * A time from template data: a Date, an RFC 3339 / ISO string, or a number of seconds since
 * the Unix epoch (sprig's convention).
 */
export function toDate(value: unknown): Date {
  let d: Date | undefined;
  if (value instanceof Date) d = value;
  else if (typeof value === 'number') d = new Date(value * 1000);
  else if (typeof value === 'bigint') d = new Date(Number(value) * 1000);
  else if (typeof value === 'string' && value.trim() !== '') d = new Date(value.trim());
  if (!d || Number.isNaN(d.getTime()))
    throw new Error(`cannot read ${JSON.stringify(value) ?? 'nil'} as a time`);
  return d;
}
