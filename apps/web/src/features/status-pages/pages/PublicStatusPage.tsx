import {
  formatDateTime,
  type PublicIncident,
  type PublicState,
  type PublicStatusPage,
} from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { Rss } from 'lucide-react';
import { useParams } from 'react-router';
import { HttpError } from '../../../api/errors.js';
import { statusPageKeys } from '../api/keys.js';
import { fetchPublicStatusPage } from '../api/statusPages.js';
import { BarsLegend } from '../components/BarsLegend.js';
import { UpcomingMaintenance } from '../components/UpcomingMaintenance.js';
import { UptimeBars } from '../components/UptimeBars.js';
import { STATE_DOT, STATE_HEADLINE, STATE_TEXT } from '../components/stateText.js';

/** How often an open page asks again (the server answers from a cache of a few seconds). */
const REFRESH_MS = 60_000;

function State({ state }: { state: PublicState }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm">
      <span className={`size-2.5 rounded-full ${STATE_DOT[state]}`} aria-hidden />
      {STATE_TEXT[state]}
    </span>
  );
}

function Incident({ incident }: { incident: PublicIncident }) {
  return (
    <article aria-label={incident.title} className="rounded-md border border-line p-3">
      <h3 className="font-semibold">{incident.title}</h3>
      <p className="text-xs text-muted">
        {incident.active ? `Ongoing since ${formatDateTime(incident.started)}` : `Resolved`}
        {incident.affects.length ? ` · Affects ${incident.affects.join(', ')}` : ''}
      </p>
      <ol className="mt-2 flex flex-col gap-2">
        {incident.updates.map((u) => (
          <li key={u.key} className="border-l-2 border-line pl-2">
            <time className="text-xs text-muted" dateTime={u.at}>
              {formatDateTime(u.at)}
            </time>
            <p className="break-words whitespace-pre-wrap">{u.text}</p>
          </li>
        ))}
      </ol>
    </article>
  );
}

function StatusPageView({ page }: { page: PublicStatusPage }) {
  const active = page.incidents.filter((i) => i.active);
  const past = page.incidents.filter((i) => !i.active);
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-6 p-6">
      <header className="flex items-center gap-3">
        {page.logo ? <img src={page.logo} alt="" className="h-10 max-w-40 object-contain" /> : null}
        <div className="flex-1">
          <h1 className="text-2xl font-semibold">{page.title}</h1>
          {page.description ? <p className="text-muted">{page.description}</p> : null}
        </div>
        <a
          className="text-brand-600 hover:underline inline-flex items-center gap-1 text-sm"
          href={`/api/status/${page.slug}/feed.atom`}
        >
          <Rss className="size-4" /> Subscribe
        </a>
      </header>
      <div
        role="status"
        className="flex items-center gap-2 rounded-md border border-line p-4 text-lg font-semibold"
      >
        <span className={`size-3 rounded-full ${STATE_DOT[page.state]}`} aria-hidden />
        {STATE_HEADLINE[page.state]}
      </div>
      {active.length ? (
        <section aria-label="Active incidents" className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">Active incidents</h2>
          {active.map((i) => (
            <Incident key={i.key} incident={i} />
          ))}
        </section>
      ) : null}
      <UpcomingMaintenance maintenance={page.maintenance} />
      {page.groups.length ? <BarsLegend /> : null}
      {page.groups.map((g, gi) => (
        <section
          key={`${gi}-${g.name}`}
          aria-label={g.name}
          className="flex flex-col gap-3 rounded-md border border-line p-4"
        >
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold">{g.name}</h2>
            <State state={g.state} />
          </div>
          <ul className="flex flex-col gap-3">
            {g.members.map((m) => (
              <li key={m.key} aria-label={m.name} className="flex flex-col gap-1">
                <div className="flex items-center justify-between">
                  <span className="font-medium">{m.name}</span>
                  <State state={m.state} />
                </div>
                <UptimeBars member={m} since={page.since} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {past.length ? (
        <section aria-label="Past incidents" className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">Past incidents</h2>
          {past.map((i) => (
            <Incident key={i.key} incident={i} />
          ))}
        </section>
      ) : null}
      <footer className="text-xs text-muted">Updated {formatDateTime(page.generated_at)}</footer>
    </main>
  );
}

/** /status/{slug}: the public page, without sign-in or the console's shell. */
export function PublicStatusPageRoute() {
  const { slug = '' } = useParams();
  const page = useQuery({
    queryKey: statusPageKeys.public(slug),
    queryFn: ({ signal }) => fetchPublicStatusPage(slug, signal),
    refetchInterval: REFRESH_MS,
    retry: (n, e) => !(e instanceof HttpError && e.status === 404) && n < 2,
    meta: { silent: true },
  });
  if (page.isPending) return <main className="p-6 text-muted">Loading…</main>;
  if (page.isError)
    return (
      <main className="mx-auto max-w-xl p-6">
        <h1 className="text-xl font-semibold">
          {page.error instanceof HttpError && page.error.status === 404
            ? 'Status page not found'
            : 'The status page could not be loaded'}
        </h1>
      </main>
    );
  return <StatusPageView page={page.data} />;
}
