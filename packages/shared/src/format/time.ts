const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

/** '2 minutes ago', 'in 3 hours', 'just now' (within 10 seconds). Empty for a missing date. */
export function formatRelativeTime(
  value: Date | string | number | null | undefined,
  now: Date = new Date(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  if (abs < 10_000) return 'just now';
  for (const [unit, size] of STEPS) {
    if (abs >= size) return rtf.format(Math.round(diff / size), unit);
  }
  return 'just now';
}

/** The age of a date in short form: '45s', '3m', '2h', '5d'. */
export function formatAge(value: Date | string | number | null | undefined, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const s = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  if (s < 365 * 86_400) return `${Math.floor(s / 86_400)}d`;
  return `${Math.floor(s / (365 * 86_400))}y`;
}

/** A date and time for tables: 'Mar 18, 2026, 14:37:12' in the user's locale and zone. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}
