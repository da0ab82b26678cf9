/**
 * Helpers every backend shares: matching search text and reading a timestamp at the start of a
 * line (RFC3339/ISO 8601, or the common log format `[10/Oct/2000:13:55:36 -0700]`).
 */

/** Case-insensitive substring match; empty text matches everything. */
export function lineMatcher(query: string): (line: string) => boolean {
  const q = query.trim().toLowerCase();
  if (!q) return () => true;
  return (line) => line.toLowerCase().includes(q);
}

const ISO = /^\[?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?)\]?/;
const CLF = /\[(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-]\d{4})\]/;
const MONTHS: Record<string, string> = {
  Jan: '01',
  Feb: '02',
  Mar: '03',
  Apr: '04',
  May: '05',
  Jun: '06',
  Jul: '07',
  Aug: '08',
  Sep: '09',
  Oct: '10',
  Nov: '11',
  Dec: '12',
};

/**
 * The time a log line starts with, or undefined. The common log format's bracket may follow a
 * host and user (`127.0.0.1 - frank [10/Oct/2000:…]`), so it is looked for in the first 80 chars.
 */
export function lineTimestamp(line: string): Date | undefined {
  const iso = ISO.exec(line);
  if (iso?.[1]) {
    const text = iso[1].replace(' ', 'T').replace(',', '.');
    // Without a zone the time is read as UTC, so the answer does not depend on the server's zone.
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
    const d = new Date(zoned);
    if (!Number.isNaN(d.getTime())) return d;
  }
  const clf = CLF.exec(line.slice(0, 80));
  if (clf) {
    const [, day, mon, year, h, m, s, zone] = clf;
    const month = MONTHS[mon ?? ''];
    if (month && zone) {
      const d = new Date(`${year}-${month}-${day}T${h}:${m}:${s}${zone.slice(0, 3)}:${zone.slice(3)}`);
      if (!Number.isNaN(d.getTime())) return d;
    }
  }
  return undefined;
}
