import { useMemo, useState } from 'react';
import { useHasPermission } from '../../../auth/permissions.js';
import { AddHypothesisModal, type AddTarget } from './AddHypothesisModal.js';
import { HypothesisItem } from './HypothesisItem.js';
import { PART_TEXT } from './texts.js';
import { buildTree, childType } from './tree.js';
import type { IncidentDetail } from './types.js';

type Props = {
  /** Undefined while the incident loads. */
  incident: IncidentDetail | undefined;
  onChanged: () => void;
};

/** The 'Action Plan' tab: the hypothesis tree, root → factor → solution. */
export function ActionPlan({ incident, onChanged }: Props) {
  const canWrite = useHasPermission('incident', 'write');
  const [target, setTarget] = useState<AddTarget | undefined>(undefined);
  const tree = useMemo(() => buildTree(incident?.hypotheses ?? []), [incident?.hypotheses]);

  if (!incident) return <p className="p-4 text-muted">{PART_TEXT.fetchingTree}</p>;

  return (
    <section className="flex flex-col gap-3" aria-label="Action Plan">
      {tree.length === 0 && canWrite ? (
        <div>
          <button type="button" className="btn btn-primary" onClick={() => setTarget({ type: 'root' })}>
            {PART_TEXT.addHypothesis}
          </button>
        </div>
      ) : null}
      <ul role="tree" aria-label="Hypotheses" className="flex flex-col gap-2">
        {tree.map((node) => (
          <HypothesisItem
            key={node.id}
            node={node}
            canWrite={canWrite}
            onChanged={onChanged}
            onAdd={(parent) => {
              const type = childType(parent.type);
              if (type) setTarget({ type, parentId: parent.id });
            }}
          />
        ))}
      </ul>
      <AddHypothesisModal
        incidentId={incident.id}
        target={target}
        onClose={() => setTarget(undefined)}
        onChanged={onChanged}
      />
    </section>
  );
}
