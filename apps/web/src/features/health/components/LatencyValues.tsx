import { formatLatencyStat } from '../lib/latency.js';

type Latency = { p95?: number | null; p97?: number | null; p99?: number | null } | null | undefined;

/** p95, p97 and p99 side by side, wrapping rather than cut off when the panel is narrow. */
export function LatencyValues({ latency }: { latency: Latency }) {
  const values = [
    ['p95', latency?.p95],
    ['p97', latency?.p97],
    ['p99', latency?.p99],
  ] as const;
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-0.5 tabular-nums">
      {values.map(([label, ms]) => (
        <span key={label} className="whitespace-nowrap" data-testid={`latency-${label}`}>
          <span className="text-[11px] text-muted">{label}</span> {formatLatencyStat(ms)}
        </span>
      ))}
    </span>
  );
}
