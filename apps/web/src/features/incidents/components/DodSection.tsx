import { CheckCircle2, Circle, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Incident } from '../api/types.js';
import { DefinitionOfDoneWizard } from '../parts/DefinitionOfDoneWizard.js';
import { NO_EVIDENCE } from './StatusDialog.js';

type Props = { incident: Incident; canWrite: boolean; onChanged: () => void };

/**
 * Definition of done: the evidence that marks the incident done, with its state and script
 * result, and the 'Add Definition of Done' wizard for those who may write evidence.
 */
export function DodSection({ incident, canWrite, onChanged }: Props) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="space-y-2">
      <DodItems incident={incident} />
      {canWrite ? (
        <>
          <button type="button" className="btn btn-ghost" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden /> Add Definition of Done
          </button>
          <DefinitionOfDoneWizard
            incident={incident}
            onChanged={onChanged}
            open={adding}
            onOpenChange={setAdding}
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * What an empty definition of done says: 'no evidence' only when there is none; evidence that is
 * not (yet) part of it is counted by type, so check evidence is never reported missing.
 */
function emptyDodText(evidences: readonly { type: string }[]): string {
  if (evidences.length === 0) return NO_EVIDENCE;
  const byType = new Map<string, number>();
  for (const e of evidences) byType.set(e.type, (byType.get(e.type) ?? 0) + 1);
  const kinds = [...byType].map(([type, n]) => `${n} ${type}`).join(', ');
  const count = evidences.length === 1 ? '1 piece of evidence' : `${evidences.length} pieces of evidence`;
  return `This incident has ${count} (${kinds}), none of it part of the definition of done yet.`;
}

function DodItems({ incident }: { incident: Incident }) {
  const evidences = incident.hypotheses.flatMap((h) => h.evidences);
  const items = evidences.filter((e) => e.definition_of_done);
  if (items.length === 0) return <p className="text-muted">{emptyDodText(evidences)}</p>;
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
