import { findIdentity, findIdentityByEmail } from '../identities.js';
import { limitKeys } from '../services.js';
import { createSession, revokeSession } from '../sessions.js';
import { issueCode, redeemCode } from './codes.js';
import { codeFlowNodes } from './code-nodes.js';
import { ERRORS } from './errors.js';
import { setSessionCookie, UI_PAGES } from './http.js';
import { EMAIL_PATTERN } from './registration.js';
import { createSettingsFlow } from './settings.js';
import { insertFlow, saveFlow } from './store.js';
import { str, type FlowHandler } from './types.js';
import { MSG, withNodeMessage } from './ui.js';
import { markVerified } from './verification.js';

export const recoveryFlow: FlowHandler = {
  type: 'recovery',

  async create(fr) {
    if (fr.current && !fr.current.aal2Missing) return ERRORS.alreadyAvailable();
    return insertFlow(
      fr.svc.ctx.db,
      {
        type: 'recovery',
        state: 'choose_method',
        csrf_token: fr.csrf,
        identity_id: null,
        request_url: fr.req.url,
        return_to: fr.returnTo,
        data: {},
        ui: { action: '', method: 'POST', nodes: codeFlowNodes(fr.csrf, 'choose_method'), messages: [] },
      },
      fr.svc.ctx.config.auth.flowLifetimeMs,
    );
  },

  async submit(fr, flow, body) {
    const { db, config } = fr.svc.ctx;
    const code = str(body, 'code').trim();
    const email = str(body, 'email').trim();
    if (code && flow.state === 'sent_email') {
      if (!fr.svc.limiter.hit(limitKeys(fr.svc, 'recovery', fr.req.ip, flow.data.email))) {
        return { kind: 'error', error: ERRORS.tooMany() };
      }
      const redeemed = await redeemCode(db, flow.id, code);
      const identity = redeemed?.identityId ? await findIdentity(db, redeemed.identityId) : null;
      if (!redeemed || !identity || identity.state !== 'active') {
        flow.ui = { ...flow.ui, messages: [MSG.recoveryCodeInvalid()] };
        await saveFlow(db, flow);
        return { kind: 'flow', status: 400, flow };
      }
      // The mail proved the address: verify it, sign in, and send the person to set a password.
      await markVerified(db, identity.id, redeemed.email);
      if (fr.current) await revokeSession(db, fr.current.session.id);
      const { session, token } = await createSession(db, config.auth, identity.id, 'aal1', [
        { method: 'code_recovery', aal: 'aal1', completed_at: new Date().toISOString() },
      ]);
      setSessionCookie(fr.svc, fr.req, fr.reply, token);
      flow.state = 'passed_challenge';
      flow.ui = { ...flow.ui, nodes: codeFlowNodes(flow.csrf_token, 'passed_challenge'), messages: [] };
      await saveFlow(db, flow);
      const settings = await createSettingsFlow(
        { ...fr, current: { session, aal2Missing: false } },
        identity.id,
      );
      return { kind: 'redirect', to: `${UI_PAGES.settings}?flow=${settings.id}` };
    }
    if (!email || !EMAIL_PATTERN.test(email)) {
      const message = email ? MSG.invalidEmail() : MSG.missing('email');
      flow.ui = {
        ...flow.ui,
        nodes: withNodeMessage(codeFlowNodes(flow.csrf_token, 'choose_method'), 'email', message),
      };
      await saveFlow(db, flow);
      return { kind: 'flow', status: 400, flow };
    }
    if (!fr.svc.limiter.hit(limitKeys(fr.svc, 'recovery', fr.req.ip, email))) {
      return { kind: 'error', error: ERRORS.tooMany() };
    }
    const identity = await findIdentityByEmail(db, email);
    flow.state = 'sent_email';
    flow.data = { ...flow.data, email };
    flow.ui = {
      ...flow.ui,
      nodes: codeFlowNodes(flow.csrf_token, 'sent_email', email),
      messages: [MSG.recoverySent()],
    };
    await saveFlow(db, flow);
    // Unknown or inactive addresses get no mail, and the same answer (no account enumeration).
    if (identity && identity.state === 'active') {
      const issued = await issueCode(db, flow.id, 'recovery', identity.traits.email, identity.id);
      const link = `${fr.svc.ctx.publicBaseUrl()}/recovery?flow=${flow.id}&code=${issued}`;
      await fr.svc.mailer.send({
        to: identity.traits.email,
        subject: 'Recover access to your account',
        text: `Hi,\n\nplease recover access to your Opsdeck account with this code: ${issued}\n\nor open ${link}\n\nIf you did not ask for this, ignore this mail.\n`,
      });
    }
    return { kind: 'flow', status: 200, flow };
  },
};
