import { CircleCheck, CircleX } from 'lucide-react';
import { Modal } from '../../../ui/Modal.js';
import type { TestOutcome } from '../api/testConnection.js';

function Code({ text, label }: { text: string; label: string }) {
  return (
    <pre
      aria-label={label}
      className="max-h-80 overflow-auto rounded-md border border-line bg-subtle p-3 font-mono text-xs whitespace-pre-wrap"
    >
      <code>{text}</code>
    </pre>
  );
}

/** 'Test Connection Results': the outcome, and what the server reported. */
export function TestResultDialog({
  outcome,
  onClose,
}: {
  outcome: TestOutcome | undefined;
  onClose: () => void;
}) {
  const payload =
    outcome?.ok && outcome.payload !== undefined && outcome.payload !== null
      ? JSON.stringify(outcome.payload, null, 2)
      : undefined;
  return (
    <Modal
      open={outcome !== undefined}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Test Connection Results"
      size="md"
      footer={
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      }
    >
      {outcome ? (
        <div className="flex flex-col gap-3">
          <p
            role="status"
            className={
              outcome.ok
                ? 'flex items-start gap-2 font-medium text-health-healthy'
                : 'flex items-start gap-2 font-medium text-health-unhealthy'
            }
          >
            {outcome.ok ? (
              <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
            ) : (
              <CircleX className="mt-0.5 size-4 shrink-0" aria-hidden />
            )}
            <span className="break-words">{outcome.message}</span>
          </p>
          {!outcome.ok && outcome.code ? <Code label="Server error" text={outcome.code} /> : null}
          {payload ? <Code label="Details" text={payload} /> : null}
        </div>
      ) : null}
    </Modal>
  );
}
