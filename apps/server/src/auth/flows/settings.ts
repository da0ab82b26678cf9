import { EMAIL_PATTERN } from '@opsdeck/shared';
import { findIdentity, setPasswordHash, updateTraits, type IdentityRow } from '../identities.js';
import { hashSecret, passwordProblem } from '../passwords.js';
import { forgetCachedSessions } from '../session-cache.js';
import { createSession, revokeAllSessions } from '../sessions.js';
import { emailTaken, setPendingEmail } from './email-change.js';
import { ERRORS } from './errors.js';
import { setSessionCookie, UI_PAGES } from './http.js';
import { startFlow } from './start.js';
import { saveFlow, type FlowRow } from './store.js';
import { checkTotp, newTotpSecret, totpUri } from './totp.js';
import { str, type FlowHandler, type FlowRequest, type SubmitResult } from './types.js';
import {
  csrfField,
  input,
  MSG,
  requiredField,
  textNode,
  withNodeMessage,
  type UiNode,
  type UiText,
} from './ui.js';
import { startVerification } from './verification.js';

function nodes(csrf: string, identity: IdentityRow, pendingSecret: string | null): UiNode[] {
  const out = [
    csrfField(csrf),
    input('profile', 'traits.email', 'email', {
      value: identity.traits.email,
      required: true,
      label: MSG.labels.email,
    }),
    ...(identity.pending_email
      ? [
          textNode(
            'profile',
            'traits.email_pending',
            { id: 1050021, text: identity.pending_email, type: 'info' },
            MSG.labels.pendingEmail,
          ),
        ]
      : []),
    input('profile', 'traits.name.first', 'text', {
      value: identity.traits.name.first,
      label: MSG.labels.first,
    }),
    input('profile', 'traits.name.last', 'text', {
      value: identity.traits.name.last,
      label: MSG.labels.last,
    }),
    input('profile', 'method', 'submit', { value: 'profile', label: MSG.labels.save }),
    requiredField('password', 'password', 'password', 'new-password', MSG.labels.password),
    input('password', 'method', 'submit', { value: 'password', label: MSG.labels.save }),
  ];
  if (identity.totp_secret) {
    out.push(input('totp', 'totp_unlink', 'submit', { value: true, label: MSG.labels.totpUnlink }));
  } else if (pendingSecret) {
    out.push(
      textNode(
        'totp',
        'totp_url',
        { id: 1050005, text: totpUri(pendingSecret, identity.traits.email), type: 'info' },
        MSG.labels.totpUrl,
      ),
      textNode(
        'totp',
        'totp_secret_key',
        { id: 1050006, text: pendingSecret, type: 'info' },
        MSG.labels.totpSecret,
      ),
      requiredField('totp', 'totp_code', 'text', 'one-time-code', MSG.labels.totpCode),
      input('totp', 'method', 'submit', { value: 'totp', label: MSG.labels.save }),
    );
  }
  return out;
}

/** A settings flow for the signed-in identity, offering a fresh TOTP secret when none is enrolled. */
export async function createSettingsFlow(fr: FlowRequest, identityId: string): Promise<FlowRow> {
  const identity = await findIdentity(fr.svc.ctx.db, identityId);
  if (!identity) throw new Error('identity vanished');
  const pending = identity.totp_secret ? null : newTotpSecret();
  return startFlow(fr, {
    type: 'settings',
    state: 'show_form',
    identityId,
    data: pending ? { totp_pending: fr.svc.box.seal(pending) } : {},
    nodes: nodes(fr.csrf, identity, pending),
  });
}

async function rerender(
  fr: FlowRequest,
  flow: FlowRow,
  status: 200 | 400,
  ok: boolean,
  messages: UiText[] = [],
): Promise<SubmitResult> {
  const identity = await findIdentity(fr.svc.ctx.db, flow.identity_id ?? '');
  if (!identity) return { kind: 'error', error: ERRORS.inactive() };
  if (ok) {
    const pending = identity.totp_secret ? null : newTotpSecret();
    flow.data = pending ? { totp_pending: fr.svc.box.seal(pending) } : {};
    flow.state = 'success';
    flow.ui = {
      ...flow.ui,
      nodes: nodes(flow.csrf_token, identity, pending),
      messages: [MSG.saved(), ...messages],
    };
  }
  await saveFlow(fr.svc.ctx.db, flow);
  return { kind: 'flow', status, flow };
}

function fail(flow: FlowRow, name: string, message: ReturnType<typeof MSG.missing>): void {
  flow.ui = {
    ...flow.ui,
    nodes: withNodeMessage(
      flow.ui.nodes.map((n) => ({ ...n, messages: [] })),
      name,
      message,
    ),
    messages: [],
  };
}

export const settingsFlow: FlowHandler = {
  type: 'settings',

  async create(fr) {
    if (!fr.current) return ERRORS.inactive();
    if (fr.current.aal2Missing) return ERRORS.aal2();
    return createSettingsFlow(fr, fr.current.session.identity_id);
  },

  async submit(fr, flow, body) {
    const { db, config } = fr.svc.ctx;
    if (!fr.current) return { kind: 'error', error: ERRORS.inactive() };
    if (fr.current.aal2Missing) return { kind: 'error', error: ERRORS.aal2() };
    if (fr.current.session.identity_id !== flow.identity_id)
      return { kind: 'error', error: ERRORS.identityMismatch() };
    const identity = await findIdentity(db, flow.identity_id);
    if (!identity) return { kind: 'error', error: ERRORS.inactive() };
    const method = str(body, 'method');
    const privileged =
      Date.now() - new Date(fr.current.session.authenticated_at).getTime() < config.auth.privilegedMaxAgeMs;
    const refresh = () => ({
      kind: 'error' as const,
      error: ERRORS.refreshRequired(`${UI_PAGES.settings}?flow=${flow.id}`),
    });

    if (method === 'profile') {
      const email = str(body, 'traits.email').trim() || identity.traits.email;
      const first = str(body, 'traits.name.first').trim();
      const last = str(body, 'traits.name.last').trim();
      if (!EMAIL_PATTERN.test(email)) {
        fail(flow, 'traits.email', MSG.invalidEmail());
        return rerender(fr, flow, 400, false);
      }
      const current = identity.traits.email;
      const emailChanged = email.toLowerCase() !== current.toLowerCase();
      if (emailChanged && !privileged) return refresh();
      if (emailChanged && (await emailTaken(db, email, identity.id))) {
        fail(flow, 'traits.email', MSG.duplicate());
        return rerender(fr, flow, 400, false);
      }
      // The name changes now; a new address only once the code mailed to it is entered
      // (email-change.ts). Until then the old one counts everywhere. Sending the current
      // address again forgets a pending change.
      await db.transaction(async (tx) => {
        await updateTraits(tx, identity.id, { email: current, name: { first, last } });
        await setPendingEmail(tx, identity.id, emailChanged ? email : null);
      });
      if (!emailChanged) return rerender(fr, flow, 200, true);
      await startVerification(fr, email, identity.id, current);
      return rerender(fr, flow, 200, true, [MSG.emailChangeSent(email, current)]);
    }

    if (method === 'password') {
      if (!privileged) return refresh();
      const password = str(body, 'password');
      const problem = password ? passwordProblem(password, identity.traits.email) : undefined;
      if (!password || problem) {
        fail(flow, 'password', problem ? MSG.passwordPolicy(problem) : MSG.missing('password'));
        return rerender(fr, flow, 400, false);
      }
      await setPasswordHash(db, identity.id, await hashSecret(password));
      // Every session of this identity ends, including this one; this browser gets a new one.
      await revokeAllSessions(db, identity.id);
      const { token } = await createSession(
        db,
        config.auth,
        identity.id,
        fr.current.session.aal,
        fr.current.session.methods,
        new Date(fr.current.session.authenticated_at),
      );
      setSessionCookie(fr.svc, fr.req, fr.reply, token);
      return rerender(fr, flow, 200, true);
    }

    if (method === 'totp' || body.totp_unlink === true || body.totp_unlink === 'true') {
      if (!privileged) return refresh();
      if (body.totp_unlink === true || body.totp_unlink === 'true') {
        await db.query(
          'UPDATE identities SET totp_secret = NULL, totp_last_step = NULL, updated_at = now() WHERE id = $1',
          [identity.id],
        );
        forgetCachedSessions();
        return rerender(fr, flow, 200, true);
      }
      const pending = flow.data.totp_pending ? fr.svc.box.open(flow.data.totp_pending) : null;
      const code = str(body, 'totp_code');
      if (!pending || identity.totp_secret) {
        fail(flow, 'totp_code', MSG.totpInvalid());
        return rerender(fr, flow, 400, false);
      }
      const step = checkTotp(pending, code);
      if (step === null) {
        fail(flow, 'totp_code', code ? MSG.totpInvalid() : MSG.missing('totp_code'));
        return rerender(fr, flow, 400, false);
      }
      await db.query(
        'UPDATE identities SET totp_secret = $2, totp_last_step = $3, updated_at = now() WHERE id = $1',
        [identity.id, fr.svc.box.seal(pending), step],
      );
      // Enrolling proves the second factor for this session.
      const methods = [
        ...fr.current.session.methods,
        { method: 'totp', aal: 'aal2', completed_at: new Date().toISOString() },
      ];
      await db.query("UPDATE auth_sessions SET aal = 'aal2', methods = $2::jsonb WHERE id = $1", [
        fr.current.session.id,
        JSON.stringify(methods),
      ]);
      // The other sessions of this person now need the second factor.
      forgetCachedSessions();
      return rerender(fr, flow, 200, true);
    }

    fail(flow, 'method', MSG.missing('method'));
    return rerender(fr, flow, 400, false);
  },
};
