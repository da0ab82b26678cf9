/**
 * Go's `time.Parse(layout, value)` for the reference-time layouts canary-checker specs use
 * (`2006-01-02`, `2006-01-02T15:04:05Z07:00`, `Jan 2, 2006 3:04 PM`); no zone means UTC.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const FULL_MONTHS = /January|February|March|April|May|June|July|August|September|October|November|December/;

type Field =
  'year' | 'month' | 'monthName' | 'day' | 'hour' | 'hour12' | 'minute' | 'second' | 'frac' | 'pm' | 'zone';

/** Longest first, so `2006` wins over `2` and `January` over `Jan`. */
const TOKENS: [string, string, Field | null][] = [
  ['January', `(${FULL_MONTHS.source})`, 'monthName'],
  ['Monday', '(?:[A-Za-z]+)', null],
  ['Z07:00', '(Z|[+-]\\d{2}:\\d{2})', 'zone'],
  ['-07:00', '([+-]\\d{2}:\\d{2})', 'zone'],
  ['-0700', '([+-]\\d{4})', 'zone'],
  ['2006', '(\\d{4})', 'year'],
  ['.000', '\\.(\\d+)', 'frac'],
  ['.999', '(?:\\.(\\d+))?', 'frac'],
  ['Jan', '([A-Za-z]{3})', 'monthName'],
  ['Mon', '(?:[A-Za-z]{3})', null],
  ['MST', '(?:[A-Z]{3,4})', null],
  ['01', '(\\d{2})', 'month'],
  ['02', '(\\d{2})', 'day'],
  ['_2', '\\s?(\\d{1,2})', 'day'],
  ['15', '(\\d{2})', 'hour'],
  ['03', '(\\d{2})', 'hour12'],
  ['04', '(\\d{2})', 'minute'],
  ['05', '(\\d{2})', 'second'],
  ['PM', '(AM|PM)', 'pm'],
  ['1', '(\\d{1,2})', 'month'],
  ['2', '(\\d{1,2})', 'day'],
  ['3', '(\\d{1,2})', 'hour12'],
  ['4', '(\\d{1,2})', 'minute'],
  ['5', '(\\d{1,2})', 'second'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function parseGoTime(layout: string, value: string): Date {
  let pattern = '';
  const fields: Field[] = [];
  for (let i = 0; i < layout.length;) {
    const t = TOKENS.find(([tok]) => layout.startsWith(tok, i));
    if (t) {
      pattern += t[1];
      if (t[2]) fields.push(t[2]);
      i += t[0].length;
    } else {
      pattern += escape(layout[i]!);
      i++;
    }
  }
  const m = new RegExp(`^${pattern}$`).exec(value.trim());
  if (!m) throw new Error(`cannot parse "${value}" as "${layout}"`);
  const got: Partial<Record<Field, string>> = {};
  fields.forEach((f, i) => (got[f] = m[i + 1]));
  const month = got.monthName
    ? MONTHS.findIndex((n) => got.monthName!.startsWith(n)) + 1
    : Number(got.month ?? 1);
  let hour = Number(got.hour ?? got.hour12 ?? 0);
  if (got.pm === 'PM' && hour < 12) hour += 12;
  if (got.pm === 'AM' && hour === 12) hour = 0;
  const ms = got.frac ? Number(`0.${got.frac}`) * 1000 : 0;
  const utc = Date.UTC(
    Number(got.year ?? 0),
    month - 1,
    Number(got.day ?? 1),
    hour,
    Number(got.minute ?? 0),
    Number(got.second ?? 0),
    ms,
  );
  const zone = got.zone && got.zone !== 'Z' ? got.zone.replace(':', '') : '+0000';
  const offsetMin =
    (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)));
  const d = new Date(utc - offsetMin * 60_000);
  if (Number.isNaN(d.getTime()) || month < 1) throw new Error(`cannot parse "${value}" as "${layout}"`);
  return d;
}
