import type { ReactNode } from 'react';
import type { FlowKind } from '../api/flows.js';
import { useFlow } from '../api/useFlow.js';
import { AuthCard } from './AuthCard.js';
import { FlowForm } from './FlowForm.js';
import { FlowMessages } from './FlowMessages.js';

type FlowPageProps = {
  kind: FlowKind;
  /** The title, which may depend on the loaded flow (login variants). */
  title: (flow: ReturnType<typeof useFlow>['flow']) => string;
  /** Under the card; may depend on the loaded flow too. */
  footer?: ReactNode | ((flow: ReturnType<typeof useFlow>['flow']) => ReactNode);
  /** Values to type in for the user, by node name. */
  prefill?: Readonly<Record<string, string>> | undefined;
};

/** A stand-alone self-service page: create or load the flow, render it, submit it. */
export function FlowPage({ kind, title, footer, prefill }: FlowPageProps) {
  const { flow, notice, busy, submit } = useFlow(kind);
  return (
    <AuthCard title={title(flow)} footer={typeof footer === 'function' ? footer(flow) : footer}>
      <FlowMessages messages={notice ? [{ text: notice, type: 'error' }] : []} />
      {flow ? (
        <>
          <FlowMessages messages={flow.ui.messages} />
          <FlowForm nodes={flow.ui.nodes} busy={busy} prefill={prefill} onSubmit={(v) => void submit(v)} />
        </>
      ) : notice ? null : (
        // An error answer without a flow (e.g. registration closed) shows its notice alone.
        <div className="py-6 text-center text-muted">Loading…</div>
      )}
    </AuthCard>
  );
}
