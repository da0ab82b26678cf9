import { formatDuration } from '@opsdeck/shared';
import { Badge } from '../../../ui/Badge.js';
import { ErrorView } from '../../../ui/ErrorView.js';
import type { TriedCheck } from './tryApi.js';

/** The response a check judged, as readable JSON (or the server's cut text). */
function responseText(check: TriedCheck): string {
  const text = typeof check.details === 'string' ? check.details : JSON.stringify(check.details, null, 2);
  return check.truncated ? `${text}\n… (cut at 16 kB)` : text;
}

function TriedCheckRow({ check }: { check: TriedCheck }) {
  const pass = check.status === 'pass';
  const why = check.error ?? check.message;
  const hasResponse = typeof check.details === 'string' || Object.keys(check.details).length > 0;
  return (
    <li className="flex flex-col gap-1 py-2" aria-label={`${check.type} check ${check.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={pass ? 'green' : 'red'}>{pass ? 'Pass' : 'Fail'}</Badge>
        <span className="font-medium">{check.name}</span>
        <span className="text-xs text-muted">{check.type}</span>
        <span className="ml-auto text-xs tabular-nums text-muted" title="Latency">
          {formatDuration(check.duration)}
        </span>
      </div>
      {why ? (
        <p className={pass ? 'text-sm break-words' : 'text-sm break-words text-health-unhealthy'}>{why}</p>
      ) : null}
      {check.transformed?.length ? (
        <ul className="ml-4 list-disc text-xs text-muted">
          {check.transformed.map((t) => (
            <li key={t.name}>
              {t.name}: {t.status === 'pass' ? 'Pass' : 'Fail'}
              {t.error || t.message ? ` — ${t.error ?? t.message}` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {hasResponse ? (
        <details>
          <summary className="cursor-pointer text-xs text-muted">Response</summary>
          <pre
            aria-label={`Response of ${check.name}`}
            className="mt-1 max-h-72 overflow-auto rounded-md border border-line bg-subtle p-2 font-mono text-xs whitespace-pre-wrap"
          >
            {responseText(check)}
          </pre>
        </details>
      ) : null}
    </li>
  );
}

/**
 * What one run of the draft's checks gave (Run once): per check a Pass/Fail badge, its
 * latency, the message a saved run would record, and the response it judged, folded.
 */
export function TryResults({
  running,
  error,
  checks,
}: {
  running: boolean;
  error: Error | null;
  checks: TriedCheck[] | undefined;
}) {
  if (running)
    return (
      <p role="status" className="text-sm text-muted">
        Running the checks once…
      </p>
    );
  if (error) return <ErrorView title="Run once failed" error={error} />;
  if (!checks) return null;
  return (
    <section aria-label="Run once results" className="rounded-md border border-line px-3">
      <p className="pt-2 text-xs text-muted">One run on the server; nothing was saved.</p>
      <ul className="divide-y divide-line">
        {checks.map((c) => (
          <TriedCheckRow key={`${c.type}/${c.name}`} check={c} />
        ))}
      </ul>
    </section>
  );
}
