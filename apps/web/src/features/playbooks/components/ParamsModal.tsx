import { REDACTED_PARAMETER } from '@opsdeck/shared';
import { Modal } from '../../../ui/Modal.js';

/** The parameters the run was started with. */
export function ParamsModal({ params, close }: { params: Record<string, unknown>; close: () => void }) {
  const entries = Object.entries(params);
  return (
    <Modal open onOpenChange={(o) => (o ? undefined : close())} title="Params" size="md">
      {entries.length === 0 ? (
        <p className="text-muted">No parameters for this playbook.</p>
      ) : (
        <dl className="grid grid-cols-[10rem_1fr] gap-x-3 gap-y-1.5 text-[13px]">
          {entries.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-muted">{k}</dt>
              <dd className="font-mono break-all whitespace-pre-wrap">
                {v === REDACTED_PARAMETER ? (
                  <span
                    className="text-muted"
                    title="A secret parameter: only the run's actions got its value"
                  >
                    {REDACTED_PARAMETER}
                  </span>
                ) : typeof v === 'string' ? (
                  v
                ) : (
                  JSON.stringify(v, null, 2)
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Modal>
  );
}
