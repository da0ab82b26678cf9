import { nextOccurrences, type MaintenanceTiming } from '@opsdeck/shared';

const PREVIEW_COUNT = 5;

/** A time in the window's zone, with the zone named: "Sat, 7 Mar 2026, 02:00 (Europe/Berlin)". */
function inZone(d: Date, zone: string): string {
  try {
    return `${d.toLocaleString('en-GB', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })}`;
  } catch {
    return d.toISOString();
  }
}

/** The next occurrences of the window as the form stands, computed as the server will. */
export function OccurrencesPreview({ timing }: { timing: MaintenanceTiming }) {
  const zone = timing.time_zone || 'UTC';
  const next = nextOccurrences(timing, new Date(), PREVIEW_COUNT);
  return (
    <section aria-label="Next occurrences" className="rounded border border-border p-2 text-xs">
      <h3 className="mb-1 font-semibold text-muted">Next occurrences ({zone})</h3>
      {next.length === 0 ? (
        <p className="text-muted">None</p>
      ) : (
        <ol className="space-y-0.5">
          {next.map((o) => (
            <li key={o.start.toISOString()}>
              {inZone(o.start, zone)} → {inZone(o.end, zone)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
