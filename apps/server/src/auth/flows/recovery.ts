import { findIdentity, findIdentityByEmail } from '../identities.js';
import { showFlow } from './answer.js';
import { askForCode, askForEmailAgain, emailProblem, passChallenge, startCodeFlow } from './code-flow.js';
import { issueCode, redeemCode } from './codes.js';
import { ERRORS } from './errors.js';
import { UI_PAGES } from './http.js';
import { overAttemptLimit } from './limit.js';
import { createSettingsFlow } from './settings.js';
import { replaceSession } from './sign-in-session.js';
import { saveFlow } from './store.js';
import { str, type FlowHandler } from './types.js';
import { MSG } from './ui.js';
import { markVerified } from './verification.js';

export const recoveryFlow: FlowHandler = {
  type: 'recovery',

  async create(fr) {
    if (fr.current && !fr.current.aal2Missing) return ERRORS.alreadyAvailable();
    return startCodeFlow(fr, 'recovery');
  },

  async submit(fr, flow, body) {
    const { db } = fr.svc.ctx;
    const code = str(body, 'code').trim();
    const email = str(body, 'email').trim();
    if (code && flow.state === 'sent_email') {
      const limited = await overAttemptLimit(fr, 'recovery', flow.data.email);
      if (limited) return limited;
      const redeemed = await redeemCode(db, flow.id, code);
      const identity = redeemed?.identityId ? await findIdentity(db, redeemed.identityId) : null;
      if (!redeemed || !identity || identity.state !== 'active') {
        return showFlow(db, flow, { messages: [MSG.recoveryCodeInvalid()] });
      }
      // The mail proved the address: verify it, sign in, and send the person to set a password.
      await markVerified(db, identity.id, redeemed.email);
      const { session } = await replaceSession(fr, identity.id, 'aal1', [
        { method: 'code_recovery', aal: 'aal1', completed_at: new Date().toISOString() },
      ]);
      passChallenge(flow, []);
      await saveFlow(db, flow);
      const settings = await createSettingsFlow(
        { ...fr, current: { session, aal2Missing: false } },
        identity.id,
      );
      return { kind: 'redirect', to: `${UI_PAGES.settings}?flow=${settings.id}` };
    }
    const problem = emailProblem(email);
    if (problem) return askForEmailAgain(db, flow, problem);
    const limited = await overAttemptLimit(fr, 'recovery', email);
    if (limited) return limited;
    const identity = await findIdentityByEmail(db, email);
    const answer = await askForCode(db, flow, email, MSG.recoverySent());
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
    return answer;
  },
};
