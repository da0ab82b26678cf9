import { EMAIL_PATTERN } from '@opsdeck/shared';
import { isPgError } from '../../db/types.js';
import { createIdentity, findIdentityByEmail } from '../identities.js';
import { hashSecret, passwordProblem } from '../passwords.js';
import { showFlow } from './answer.js';
import { ERRORS } from './errors.js';
import { sessionJson } from './session-json.js';
import { replaceSession } from './sign-in-session.js';
import { startFlow } from './start.js';
import { str, type FlowHandler } from './types.js';
import {
  csrfField,
  input,
  MSG,
  requiredField,
  withNodeMessage,
  withValues,
  type UiNode,
  type UiText,
} from './ui.js';
import { startVerification } from './verification.js';

function nodes(csrf: string): UiNode[] {
  return [
    csrfField(csrf),
    requiredField('password', 'traits.email', 'email', 'email', MSG.labels.email),
    input('password', 'traits.name.first', 'text', { required: true, label: MSG.labels.first }),
    input('password', 'traits.name.last', 'text', { required: true, label: MSG.labels.last }),
    requiredField('password', 'password', 'password', 'new-password', MSG.labels.password),
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
    return startFlow(fr, { type: 'registration', state: 'choose_method', nodes: nodes(fr.csrf) });
  },

  async submit(fr, flow, body) {
    const { db } = fr.svc.ctx;
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
    const refused = (messages: UiText[]) => showFlow(db, flow, { nodes: withValues(ui, values), messages });
    if (taken) return refused([MSG.duplicate()]);
    if (invalid) return refused([]);
    let identityId: string;
    try {
      const hash = await hashSecret(password);
      identityId = await db.transaction((tx) => createIdentity(tx, { email, name: { first, last } }, hash));
    } catch (e) {
      if (isPgError(e) && e.code === '23505') return refused([MSG.duplicate()]);
      throw e;
    }
    const { session } = await replaceSession(fr, identityId, 'aal1', [
      { method: 'password', aal: 'aal1', completed_at: new Date().toISOString() },
    ]);
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
