import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { UiText } from '../api/flows.js';
import { useFlow } from '../api/useFlow.js';
import { FlowForm } from '../components/FlowForm.js';
import { FlowMessages } from '../components/FlowMessages.js';
import { Page } from '../../../ui/Page.js';
import { authKeys } from '../api/keys.js';

/** How long the flow's messages stay. */
export const PROFILE_MESSAGE_MS = 10_000;

const SECTIONS = [
  { group: 'profile', title: 'Profile', hint: 'Your name and email address.' },
  { group: 'password', title: 'Password', hint: 'Changing it signs you out everywhere else.' },
  {
    group: 'totp',
    title: 'Two-factor authentication',
    hint: 'Scan the secret with an authenticator app, then enter a code it shows.',
  },
];

/** 'Your Profile': the settings flow, one card per node group. */
export function ProfileSettingsPage() {
  const { flow, notice, busy, submit } = useFlow('settings');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Messages belong to one answer (the flow object or notice); they hide 10 s after it came.
  const [hiddenFor, setHiddenFor] = useState<unknown>(null);
  const source = notice ?? flow;
  const messages: UiText[] =
    hiddenFor === source
      ? []
      : [...(notice ? [{ text: notice, type: 'error' }] : []), ...(flow?.ui.messages ?? [])];

  useEffect(() => {
    if (source === undefined) return;
    const t = setTimeout(() => setHiddenFor(source), PROFILE_MESSAGE_MS);
    return () => clearTimeout(t);
  }, [source]);

  const onSubmit = async (values: Record<string, string>) => {
    await submit(values);
    // Names and email show in the user menu.
    await queryClient.invalidateQueries({ queryKey: authKeys.whoami });
  };

  const groups = new Set(flow?.ui.nodes.map((n) => n.group));
  return (
    <Page
      crumbs={[{ label: 'Your Profile' }]}
      actions={
        <button type="button" className="btn" onClick={() => void navigate(-1)}>
          <ArrowLeft className="size-4" aria-hidden /> Go back
        </button>
      }
    >
      <div className="mx-auto max-w-2xl space-y-4 p-4">
        <FlowMessages messages={messages} />
        {!flow ? <div className="py-6 text-center text-muted">Loading…</div> : null}
        {flow
          ? SECTIONS.filter((s) => groups.has(s.group)).map((s) => (
              <section key={s.group} className="card p-5" aria-label={s.title}>
                <h2 className="text-[15px] font-semibold">{s.title}</h2>
                <p className="mb-4 text-sm text-muted">{s.hint}</p>
                <FlowForm
                  nodes={flow.ui.nodes}
                  groups={[s.group]}
                  inline
                  busy={busy}
                  onSubmit={(v) => void onSubmit(v)}
                />
              </section>
            ))
          : null}
      </div>
    </Page>
  );
}
