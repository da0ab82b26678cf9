import { isPgError } from '../../db/types.js';
import { createIdentity, findIdentityByEmail } from '../identities.js';
import { hashSecret, passwordProblem } from '../passwords.js';
import { createSession, revokeSession } from '../sessions.js';
import { ERRORS } from './errors.js';
import { setSessionCookie } from './http.js';
import { sessionJson } from './session-json.js';
import { insertFlow, saveFlow } from './store.js';
import { str, type FlowHandler } from './types.js';
import { input, MSG, withNodeMessage, withValues, type UiNode } from './ui.js';
import { startVerification } from './verification.js';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

function nodes(csrf: string): UiNode[] {
  return [
    input('default', 'csrf_token', 'hidden', { value: csrf, required: true }),
    input('password', 'traits.email', 'email', {
      required: true,
      autocomplete: 'email',
      label: MSG.labels.email,
    }),
    input('password', 'traits.name.first', 'text', { required: true, label: MSG.labels.first }),
    input('password', 'traits.name.last', 'text', { required: true, label: MSG.labels.last }),
    input('password', 'password', 'password', {
      required: true,
      autocomplete: 'new-password',
      label: MSG.labels.password,
    }),
    input('password', 'method', 'submit', { value: 'password', label: MSG.labels.signUp }),
  ];
}

/** Registration is on with AUTH_REGISTRATION=true, or while no admin exists yet. */
async function registrationOpen(fr: Parameters<FlowHandler['create']>[0]): Promise<boolean> {
  if (fr.svc.ctx.config.auth.registration) return true;
  const { rows } = await fr.svc.ctx.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM person_roles r JOIN people p ON p.id = r.person_id WHERE r.role = 'admin' AND p.deleted_at IS NULL",
  );
  return (rows[0]?.n ?? 0) === 0;
}

export const registrationFlow: FlowHandler = {
  type: 'registration',

  async create(fr) {
    if (!(await registrationOpen(fr))) return ERRORS.disabled('Registration');
    if (fr.current && !fr.current.aal2Missing) return ERRORS.alreadyAvailable();
    return insertFlow(
      fr.svc.ctx.db,
      {
        type: 'registration',
        state: 'choose_method',
        csrf_token: fr.csrf,
        identity_id: null,
        request_url: fr.req.url,
        return_to: fr.returnTo,
        data: {},
        ui: { action: '', method: 'POST', nodes: nodes(fr.csrf), messages: [] },
      },
      fr.svc.ctx.config.auth.flowLifetimeMs,
    );
  },

  async submit(fr, flow, body) {
    const { db, config } = fr.svc.ctx;
    if (!(await registrationOpen(fr))) return { kind: 'error', error: ERRORS.disabled('Registration') };
    // Accept both the flat form names and a nested traits object (Kratos SDKs send either).
    const traitsObj = (typeof body.traits === 'object' && body.traits !== null ? body.traits : {}) as Record<
      string,
      unknown
    >;
    const nameObj = (
      typeof traitsObj.name === 'object' && traitsObj.name !== null ? traitsObj.name : {}
    ) as Record<string, unknown>;
    const email = (str(body, 'traits.email') || str(traitsObj, 'email')).trim();
    const first = (str(body, 'traits.name.first') || str(nameObj, 'first')).trim();
    const last = (str(body, 'traits.name.last') || str(nameObj, 'last')).trim();
    const password = str(body, 'password');
    let ui: UiNode[] = flow.ui.nodes.map((n) => ({ ...n, messages: [] }));
    const values = { 'traits.email': email, 'traits.name.first': first, 'traits.name.last': last };
    for (const [name, value] of [...Object.entries(values), ['password', password]] as const) {
      if (!value) ui = withNodeMessage(ui, name, MSG.missing(name));
    }
    if (email && !EMAIL_PATTERN.test(email)) ui = withNodeMessage(ui, 'traits.email', MSG.invalidEmail());
    const policy = password ? passwordProblem(password, email) : undefined;
    if (policy) ui = withNodeMessage(ui, 'password', MSG.passwordPolicy(policy));
    const invalid = ui.some((n) => n.messages.length > 0);
    // A person who already exists (seeded, synced or invited) must be invited, not claimed by
    // whoever registers their address first: their roles would come with it.
    const taken =
      !invalid &&
      ((await findIdentityByEmail(db, email)) !== null ||
        (
          await db.query('SELECT 1 FROM people WHERE lower(email) = lower($1) AND deleted_at IS NULL', [
            email,
          ])
        ).rows.length > 0);
    if (taken) {
      flow.ui = { ...flow.ui, nodes: withValues(ui, values), messages: [MSG.duplicate()] };
      await saveFlow(db, flow);
      return { kind: 'flow', status: 400, flow };
    }
    if (invalid) {
      flow.ui = { ...flow.ui, nodes: withValues(ui, values), messages: [] };
      await saveFlow(db, flow);
      return { kind: 'flow', status: 400, flow };
    }
    let identityId: string;
    try {
      const hash = await hashSecret(password);
      identityId = await db.transaction((tx) => createIdentity(tx, { email, name: { first, last } }, hash));
    } catch (e) {
      if (isPgError(e) && e.code === '23505') {
        flow.ui = { ...flow.ui, nodes: withValues(ui, values), messages: [MSG.duplicate()] };
        await saveFlow(db, flow);
        return { kind: 'flow', status: 400, flow };
      }
      throw e;
    }
    if (fr.current) await revokeSession(db, fr.current.session.id);
    const now = new Date().toISOString();
    const { session, token } = await createSession(db, config.auth, identityId, 'aal1', [
      { method: 'password', aal: 'aal1', completed_at: now },
    ]);
    setSessionCookie(fr.svc, fr.req, fr.reply, token);
    await db.query('DELETE FROM auth_flows WHERE id = $1', [flow.id]);
    const verification = await startVerification(fr, email, identityId);
    const sessionBody = await sessionJson(db, session);
    return {
      kind: 'done',
      redirectTo: flow.return_to ?? '/',
      body: {
        identity: sessionBody.identity,
        session: sessionBody,
        continue_with: [
          { action: 'show_verification_ui', flow: { id: verification.id, verifiable_address: email } },
          { action: 'redirect_browser_to', redirect_browser_to: flow.return_to ?? '/' },
        ],
      },
    };
  },
};
