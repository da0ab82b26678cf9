import { CheckCircle2, Circle } from 'lucide-react';
import type { Incident } from '../api/types.js';
import { NO_EVIDENCE } from './StatusDialog.js';

/** Definition of done: the evidence that marks the incident done, with its state and script result. */
export function DodSection({ incident }: { incident: Incident }) {
  const items = incident.hypotheses.flatMap((h) => h.evidences).filter((e) => e.definition_of_done);
  if (items.length === 0) return <p className="text-muted">{NO_EVIDENCE}</p>;
  return (
    <ul className="space-y-2">
      {items.map((e) => (
        <li key={e.id} className="flex items-start gap-2" data-testid="dod-item">
          {e.done ? (
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-health-healthy" aria-label="Done" />
          ) : (
            <Circle className="mt-0.5 size-4 shrink-0 text-muted" aria-label="Not done" />
          )}
          <span className="min-w-0">
            <span className="block">{e.description || e.type}</span>
            {e.script_result ? (
              <span className="block font-mono text-xs text-muted" title={e.script ?? undefined}>
                {e.script_result}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
