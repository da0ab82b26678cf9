import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeatureCheck } from '../../../auth/features.js';
import { Modal } from '../../../ui/Modal.js';
import {
  DIRECT_CHOICES,
  directChoices,
  GITOPS_CHOICES,
  LOGS_FEATURE,
  type GitOpsChoice,
} from '../lib/charts.js';
import { GitOpsChart } from './GitOpsChart.js';

function Choice({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="flex h-20 items-center justify-center rounded-lg border border-line px-3 font-medium hover:border-brand-600 hover:bg-subtle"
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/**
 * The full-size 'Add Integration' modal: 'Add via GitOps' opens a chart's install preview,
 * 'Add Directly' the create page of a resource (Log Backends only while logs are enabled).
 */
export function AddIntegrationModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [choice, setChoice] = useState<GitOpsChoice | null>(null);
  const navigate = useNavigate();
  const isDisabled = useFeatureCheck();
  const close = (o: boolean) => {
    if (!o) setChoice(null);
    onOpenChange(o);
  };
  return (
    <Modal
      open={open}
      onOpenChange={close}
      size="full"
      title={choice ? `Add Integration - ${choice}` : 'Add Integration'}
      footer={
        choice ? (
          <button type="button" className="btn" onClick={() => setChoice(null)}>
            Back
          </button>
        ) : null
      }
    >
      {choice ? (
        <GitOpsChart key={choice} id={GITOPS_CHOICES[choice]} />
      ) : (
        <div className="flex flex-col gap-5">
          <section aria-label="Add via GitOps">
            <h3 className="mb-2 text-sm font-semibold">Add via GitOps</h3>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
              {(Object.keys(GITOPS_CHOICES) as GitOpsChoice[]).map((c) => (
                <Choice key={c} label={c} onClick={() => setChoice(c)} />
              ))}
            </div>
          </section>
          <section aria-label="Add Directly">
            <h3 className="mb-2 text-sm font-semibold">Add Directly</h3>
            <div className="grid grid-cols-2 gap-3 md:grid-cols-3">
              {directChoices(isDisabled(LOGS_FEATURE)).map((c) => (
                <Choice
                  key={c}
                  label={c}
                  onClick={() => {
                    close(false);
                    void navigate(DIRECT_CHOICES[c]);
                  }}
                />
              ))}
            </div>
          </section>
        </div>
      )}
    </Modal>
  );
}
