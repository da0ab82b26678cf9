import { BAR_TONE } from './UptimeBars.js';

const ITEMS = [
  [BAR_TONE.good, 'Up'],
  [BAR_TONE.fair, 'Some failures'],
  [BAR_TONE.poor, 'Down'],
  [BAR_TONE.maintenance, 'Maintenance'],
  [BAR_TONE.none, 'No data'],
] as const;

/** What the colours of the uptime bars mean; once per page, wrapping on a phone. */
export function BarsLegend() {
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
      {ITEMS.map(([tone, text]) => (
        <li key={text} className="inline-flex items-center gap-1.5">
          <span className={`size-2.5 rounded-[2px] border border-line ${tone}`} aria-hidden />
          {text}
        </li>
      ))}
    </ul>
  );
}
