import type { PublicMaintenance } from '@opsdeck/shared';
import { Wrench } from 'lucide-react';
import { Badge } from '../../../ui/Badge.js';

/** The reader's time zone, which formatDateTime writes in, named so times are not misread. */
function readerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hour12: false };

/**
 * "Mar 21, 2026, 03:00 – 04:00" in the reader's zone, as the page's other times but to the
 * minute (maintenance is planned in minutes); the end's date only when it is another day.
 */
export function maintenanceRange(starts: string, ends: string): string {
  const [a, b] = [new Date(starts), new Date(ends)];
  const end =
    a.toDateString() === b.toDateString()
      ? b.toLocaleTimeString('en', TIME)
      : b.toLocaleString('en', { ...DAY, ...TIME });
  return `${a.toLocaleString('en', { ...DAY, ...TIME })} – ${end}`;
}

function Window({ m }: { m: PublicMaintenance }) {
  return (
    <article aria-label={m.name} className="rounded-md border border-line p-3">
      <div className="flex items-start gap-2">
        <Wrench className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden />
        <h3 className="min-w-0 font-semibold break-words">
          {m.name}
          {m.active ? (
            <Badge tone="blue" className="ml-2 align-middle">
              In progress
            </Badge>
          ) : null}
        </h3>
      </div>
      {m.description ? <p className="mt-1 break-words whitespace-pre-wrap">{m.description}</p> : null}
      {m.affects.length ? <p className="text-xs text-muted">Affects {m.affects.join(', ')}</p> : null}
      <ul className="mt-2 flex flex-col gap-0.5 text-sm">
        {m.occurrences.map((o) => (
          <li key={o.starts}>
            <time dateTime={o.starts}>{maintenanceRange(o.starts, o.ends)}</time>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** Maintenance under way or planned within the next days that touches this page; none: nothing. */
export function UpcomingMaintenance({ maintenance }: { maintenance: PublicMaintenance[] }) {
  if (!maintenance.length) return null;
  return (
    <section aria-label="Upcoming maintenance" className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold">Upcoming maintenance</h2>
      <p className="text-xs text-muted">Times in {readerZone()}.</p>
      {maintenance.map((m) => (
        <Window key={m.key} m={m} />
      ))}
    </section>
  );
}
