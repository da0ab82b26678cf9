import { Badge, type BadgeTone } from '../../../ui/Badge.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import type { ScraperTryAnswer, TriedItem } from './tryScraperApi.js';

const HEALTH_TONE: Record<string, BadgeTone> = { healthy: 'green', unhealthy: 'red', warning: 'orange' };

function configText(item: TriedItem): string {
  const text =
    typeof item.config === 'string' && item.truncated ? item.config : JSON.stringify(item.config, null, 2);
  return item.truncated ? `${text}\n… (cut at 16 kB)` : text;
}

function TriedItemRow({ item }: { item: TriedItem }) {
  const name = item.name ?? item.external_id[0] ?? '(no name)';
  const tone = HEALTH_TONE[item.health ?? ''] ?? 'grey';
  return (
    <li className="flex flex-col gap-1 py-2" aria-label={`${item.type} ${name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-all">{name}</span>
        <span className="text-xs text-muted">{item.type}</span>
        {item.namespace ? <span className="text-xs text-muted">{item.namespace}</span> : null}
        {item.health ? <Badge tone={tone}>{item.health}</Badge> : null}
        {item.status ? <span className="text-xs">{item.status}</span> : null}
      </div>
      <details>
        <summary className="cursor-pointer text-xs text-muted">Config</summary>
        <pre
          aria-label={`Config of ${name}`}
          className="mt-1 max-h-72 overflow-auto rounded-md border border-line bg-subtle p-2 font-mono text-xs whitespace-pre-wrap"
        >
          {configText(item)}
        </pre>
      </details>
    </li>
  );
}

/**
 * What one run of the draft's sources gave (Try it): the items a saved scraper would store
 * (the first 200), how many changes, and each source's error, folded configs.
 */
export function ScraperTryResults({
  running,
  error,
  answer,
}: {
  running: boolean;
  error: Error | null;
  answer: ScraperTryAnswer | undefined;
}) {
  if (running)
    return (
      <p role="status" className="text-sm text-muted">
        Reading the sources once…
      </p>
    );
  if (error) return <ErrorView title="Try it failed" error={error} />;
  if (!answer) return null;
  const shown = answer.items.length;
  return (
    <section aria-label="Try it results" className="rounded-md border border-line px-3">
      <p className="pt-2 text-xs text-muted">
        One run on the server; nothing was saved. {answer.total} item{answer.total === 1 ? '' : 's'}
        {shown < answer.total ? ` (the first ${shown} shown)` : ''}, {answer.changes} change
        {answer.changes === 1 ? '' : 's'}.
      </p>
      {answer.errors.length ? (
        <ul aria-label="Source errors" className="mt-1 list-disc pl-5 text-sm text-health-unhealthy">
          {answer.errors.map((e) => (
            <li key={e} className="break-words">
              {e}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="divide-y divide-line">
        {answer.items.map((item, i) => (
          <TriedItemRow key={`${item.type}/${item.external_id.join(',')}/${i}`} item={item} />
        ))}
      </ul>
    </section>
  );
}
