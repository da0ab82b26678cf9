import { findIdentity, findIdentityByEmail } from '../identities.js';
import { verifySecret } from '../passwords.js';
import type { Aal, SessionRow } from '../sessions.js';
import { showFlow } from './answer.js';
import { ERRORS } from './errors.js';
import { overAttemptLimit } from './limit.js';
import { sessionJson } from './session-json.js';
import { replaceSession } from './sign-in-session.js';
import { startFlow } from './start.js';
import { saveFlow, type FlowRow } from './store.js';
import { checkTotp, claimTotpStep } from './totp.js';
import { str, type FlowHandler, type FlowRequest, type SubmitResult } from './types.js';
import { csrfField, input, MSG, requiredField, withNodeMessage, withValues, type UiNode } from './ui.js';

function nodes(csrf: string, mode: 'password' | 'refresh' | 'aal2', email?: string): UiNode[] {
  const out = [csrfField(csrf)];
  if (mode === 'aal2') {
    out.push(
      requiredField('totp', 'totp_code', 'text', 'one-time-code', MSG.labels.authCode),
      input('totp', 'method', 'submit', { value: 'totp', label: MSG.labels.useAuthenticator }),
    );
    return out;
  }
  out.push(
    mode === 'refresh'
      ? input('default', 'identifier', 'hidden', { value: email ?? '', required: true })
      : requiredField('default', 'identifier', 'text', 'username', MSG.labels.id),
    requiredField('password', 'password', 'password', 'current-password', MSG.labels.password),
    input('password', 'method', 'submit', { value: 'password', label: MSG.labels.signIn }),
  );
  return out;
}

/** Replaces the browser's session with a new one (rotation at every sign-in). */
async function signIn(
  fr: FlowRequest,
  flow: FlowRow,
  identityId: string,
  aal: Aal,
  methods: SessionRow['methods'],
): Promise<SubmitResult> {
  const { db } = fr.svc.ctx;
  const { session } = await replaceSession(fr, identityId, aal, methods);
  await db.query('UPDATE people SET last_login = now() WHERE id = $1', [identityId]);
  await db.query('DELETE FROM auth_flows WHERE id = $1', [flow.id]);
  const identity = await findIdentity(db, identityId);
  const needsAal2 = aal === 'aal1' && identity?.totp_secret != null;
  const redirectTo = needsAal2 ? '/login?aal=aal2' : (flow.return_to ?? '/');
  return {
    kind: 'done',
    redirectTo,
    body: {
      session: await sessionJson(db, session),
      continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: redirectTo }],
    },
  };
}

function invalid(
  flow: FlowRow,
  body: Record<string, unknown>,
  message = MSG.credentialsInvalid(),
): SubmitResult {
  flow.ui = { ...flow.ui, nodes: withValues(flow.ui.nodes, body), messages: [message] };
  return { kind: 'flow', status: 400, flow };
}

export const loginFlow: FlowHandler = {
  type: 'login',

  async create(fr, query) {
    const refresh = query.refresh === 'true';
    const aal = query.aal === 'aal2' ? 'aal2' : 'aal1';
    const current = fr.current;
    let mode: 'password' | 'refresh' | 'aal2' = 'password';
    let identityId: string | null = null;
    let email: string | undefined;
    if (aal === 'aal2') {
      if (!current) return ERRORS.inactive();
      const identity = await findIdentity(fr.svc.ctx.db, current.session.identity_id);
      if (!identity?.totp_secret) return ERRORS.disabled('A second factor without an enrolled authenticator');
      if (current.session.aal === 'aal2' && !refresh) return ERRORS.alreadyAvailable();
      mode = 'aal2';
      identityId = identity.id;
    } else if (current && !current.aal2Missing && !refresh) {
      return ERRORS.alreadyAvailable();
    } else if (current && refresh) {
      const identity = await findIdentity(fr.svc.ctx.db, current.session.identity_id);
      mode = 'refresh';
      identityId = current.session.identity_id;
      email = identity?.traits.email;
    }
    return startFlow(fr, {
      type: 'login',
      state: 'choose_method',
      identityId,
      data: { refresh, requested_aal: aal },
      nodes: nodes(fr.csrf, mode, email),
      messages: mode === 'refresh' ? [MSG.refresh()] : mode === 'aal2' ? [MSG.secondFactor()] : [],
    });
  },

  async submit(fr, flow, body) {
    const { db } = fr.svc.ctx;
    const method = str(body, 'method');
    flow.ui = { ...flow.ui, nodes: flow.ui.nodes.map((n) => ({ ...n, messages: [] })), messages: [] };

    if (method === 'totp') {
      if (flow.data.requested_aal !== 'aal2' || !flow.identity_id) return invalid(flow, body);
      if (!fr.current || fr.current.session.identity_id !== flow.identity_id)
        return { kind: 'error', error: ERRORS.identityMismatch() };
      const identity = await findIdentity(db, flow.identity_id);
      const limited = await overAttemptLimit(fr, 'login', identity?.traits.email);
      if (limited) return limited;
      const code = str(body, 'totp_code');
      if (!code) {
        flow.ui.nodes = withNodeMessage(flow.ui.nodes, 'totp_code', MSG.missing('totp_code'));
        return { kind: 'flow', status: 400, flow };
      }
      const secret = identity?.totp_secret ? fr.svc.box.open(identity.totp_secret) : null;
      const step =
        identity && secret
          ? checkTotp(secret, code, identity.totp_last_step ? Number(identity.totp_last_step) : null)
          : null;
      if (!identity || step === null || !(await claimTotpStep(db, identity.id, step))) {
        return showFlow(db, flow, { nodes: withNodeMessage(flow.ui.nodes, 'totp_code', MSG.totpInvalid()) });
      }
      const now = new Date().toISOString();
      const methods = [
        ...fr.current.session.methods,
        { method: 'totp', aal: 'aal2' as const, completed_at: now },
      ];
      return signIn(fr, flow, identity.id, 'aal2', methods);
    }

    if (method !== 'password') return invalid(flow, body);
    const identifier = str(body, 'identifier').trim();
    const password = str(body, 'password');
    let missing = false;
    for (const [name, value] of [
      ['identifier', identifier],
      ['password', password],
    ] as const) {
      if (!value) {
        flow.ui.nodes = withNodeMessage(flow.ui.nodes, name, MSG.missing(name));
        missing = true;
      }
    }
    if (missing) return showFlow(db, flow, { nodes: withValues(flow.ui.nodes, body) });
    const limited = await overAttemptLimit(fr, 'login', identifier);
    if (limited) return limited;
    const identity = await findIdentityByEmail(db, identifier);
    const ok = await verifySecret(identity?.password_hash, password);
    if (!identity || !ok || identity.state !== 'active') {
      const result = invalid(flow, body);
      await saveFlow(db, flow);
      return result;
    }
    if (flow.data.refresh && flow.identity_id && flow.identity_id !== identity.id) {
      return { kind: 'error', error: ERRORS.identityMismatch() };
    }
    await fr.svc.limiter.reset(`login:account:${identifier.toLowerCase()}`);
    const now = new Date().toISOString();
    // Re-confirming the password keeps a second factor already proven in this session.
    const keepAal2 = fr.current?.session.identity_id === identity.id && fr.current.session.aal === 'aal2';
    const methods: SessionRow['methods'] = [{ method: 'password', aal: 'aal1', completed_at: now }];
    if (keepAal2) methods.push({ method: 'totp', aal: 'aal2' as const, completed_at: now });
    return signIn(fr, flow, identity.id, keepAal2 ? 'aal2' : 'aal1', methods);
  },
};
