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
  footer?: ReactNode;
};

/** A stand-alone self-service page: create or load the flow, render it, submit it. */
export function FlowPage({ kind, title, footer }: FlowPageProps) {
  const { flow, notice, busy, submit } = useFlow(kind);
  return (
    <AuthCard title={title(flow)} footer={footer}>
      <FlowMessages messages={notice ? [{ text: notice, type: 'error' }] : []} />
      {flow ? (
        <>
          <FlowMessages messages={flow.ui.messages} />
          <FlowForm nodes={flow.ui.nodes} busy={busy} onSubmit={(v) => void submit(v)} />
        </>
      ) : (
        <div className="py-6 text-center text-muted">Loading…</div>
      )}
    </AuthCard>
  );
}
