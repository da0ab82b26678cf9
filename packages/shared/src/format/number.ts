/** A percentage: one decimal when not whole (99.5%, 100%). */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

/** Share of `part` in `total` as a percentage, 0 when there is no total. */
export function percentOf(part: number, total: number): number {
  return total > 0 ? (part / total) * 100 : 0;
}

/** A cost in dollars: two decimals under 10, whole dollars up to 1000, then '1.2k'. */
export function formatCost(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (abs < 10) return `${sign}$${abs.toFixed(2)}`;
  if (abs <= 1000) return `${sign}$${Math.round(abs)}`;
  if (abs < 1_000_000) return `${sign}$${Number((abs / 1000).toFixed(1))}k`;
  return `${sign}$${Number((abs / 1_000_000).toFixed(1))}M`;
}

/** A count for a badge: '999' at most, then '1k+', '12k+'. */
export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (value > 999) return `${Math.floor(value / 1000)}k+`;
  return String(value);
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** Bytes with binary units: 1536 → '1.5 KiB'. */
export function formatBytes(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  let n = value;
  let i = 0;
  while (Math.abs(n) >= 1024 && i < BYTE_UNITS.length - 1) {
    n /= 1024;
    i += 1;
  }
  return `${i === 0 ? n : Number(n.toFixed(1))} ${BYTE_UNITS[i]}`;
}
