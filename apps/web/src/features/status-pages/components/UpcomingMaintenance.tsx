import { formatDateTime, type PublicMaintenance } from '@opsdeck/shared';
import { Wrench } from 'lucide-react';
import { Badge } from '../../../ui/Badge.js';

/** The reader's time zone, which formatDateTime writes in, named so times are not misread. */
function readerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';
}

/** "Mar 21, 2026, 03:00:00 – 04:00:00", the end's date left out when it is the same day. */
function range(starts: string, ends: string): string {
  const [a, b] = [new Date(starts), new Date(ends)];
  const end =
    a.toDateString() === b.toDateString()
      ? b.toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })
      : formatDateTime(b);
  return `${formatDateTime(a)} – ${end}`;
}

function Window({ m }: { m: PublicMaintenance }) {
  return (
    <article aria-label={m.name} className="rounded-md border border-line p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Wrench className="size-4 text-brand-600" aria-hidden />
        <h3 className="font-semibold break-words">{m.name}</h3>
        {m.active ? <Badge tone="blue">In progress</Badge> : null}
      </div>
      {m.description ? <p className="mt-1 break-words whitespace-pre-wrap">{m.description}</p> : null}
      {m.affects.length ? <p className="text-xs text-muted">Affects {m.affects.join(', ')}</p> : null}
      <ul className="mt-2 flex flex-col gap-0.5 text-sm">
        {m.occurrences.map((o) => (
          <li key={o.starts}>
            <time dateTime={o.starts}>{range(o.starts, o.ends)}</time>
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
