import type { Queryable } from '../../db/types.js';
import { findIdentityByEmail } from '../identities.js';
import { showFlow } from './answer.js';
import { askForCode, askForEmailAgain, emailProblem, passChallenge, startCodeFlow } from './code-flow.js';
import { codeFlowNodes } from './code-nodes.js';
import { issueCode, redeemCode } from './codes.js';
import { confirmAddress } from './email-change.js';
import { overAttemptLimit } from './limit.js';
import { startFlow } from './start.js';
import type { FlowRow } from './store.js';
import { str, type FlowHandler, type FlowRequest } from './types.js';
import { MSG } from './ui.js';

async function sendVerificationCode(
  fr: FlowRequest,
  flow: FlowRow,
  email: string,
  identityId: string | null,
  changeFrom?: string,
) {
  const { db } = fr.svc.ctx;
  // Unknown addresses get no mail, but the answer is the same (no account enumeration).
  if (!identityId) return;
  const code = await issueCode(db, flow.id, 'verification', email, identityId);
  const link = `${fr.svc.ctx.publicBaseUrl()}/verification?flow=${flow.id}&code=${code}`;
  // A change is worded as one: whoever owns this mailbox may not be the person asking.
  const text = changeFrom
    ? `Hi,\n\nthe Opsdeck account of ${changeFrom} asked to use this address from now on. If that was you, confirm it with this code: ${code}\n\nor open ${link}\n\nIf it was not you, ignore this mail: nothing changes.\n`
    : `Hi,\n\nplease verify your Opsdeck account with this code: ${code}\n\nor open ${link}\n`;
  await fr.svc.mailer.send({
    to: email,
    subject: changeFrom ? 'Please confirm your new email address' : 'Please verify your email address',
    text,
  });
}

/**
 * Creates a verification flow that has already mailed a code: after registration, or to the
 * new address of an email change (`changeFrom`: the address the account has until then).
 */
export async function startVerification(
  fr: FlowRequest,
  email: string,
  identityId: string,
  changeFrom?: string,
): Promise<FlowRow> {
  // Registration's own return address is used by registration; this flow has none.
  const flow = await startFlow(
    { ...fr, returnTo: null },
    {
      type: 'verification',
      state: 'sent_email',
      data: { email },
      nodes: codeFlowNodes(fr.csrf, 'sent_email', email),
      messages: [MSG.verificationSent()],
    },
  );
  await sendVerificationCode(fr, flow, email, identityId, changeFrom);
  return flow;
}

export async function markVerified(db: Queryable, identityId: string, email: string): Promise<void> {
  await db.query(
    "UPDATE identities SET email_verified_at = coalesce(email_verified_at, now()), updated_at = now() WHERE id = $1 AND lower(traits->>'email') = lower($2)",
    [identityId, email],
  );
}

export const verificationFlow: FlowHandler = {
  type: 'verification',

  async create(fr) {
    return startCodeFlow(fr, 'verification');
  },

  async submit(fr, flow, body) {
    const { db } = fr.svc.ctx;
    const code = str(body, 'code').trim();
    const email = str(body, 'email').trim();
    if (code && flow.state === 'sent_email') {
      const limited = overAttemptLimit(fr, 'verification', flow.data.email);
      if (limited) return limited;
      const redeemed = await redeemCode(db, flow.id, code);
      if (!redeemed?.identityId) return showFlow(db, flow, { messages: [MSG.verificationCodeInvalid()] });
      // The account's address, or the new one it asked for (which becomes its address only now).
      const confirmed = await confirmAddress(db, redeemed.identityId, redeemed.email);
      if (confirmed === 'stale') return showFlow(db, flow, { messages: [MSG.verificationCodeInvalid()] });
      if (confirmed === 'taken') return showFlow(db, flow, { messages: [MSG.duplicate()] });
      passChallenge(flow, [MSG.verified()]);
      return showFlow(db, flow, {}, 200);
    }
    const problem = emailProblem(email);
    if (problem) return askForEmailAgain(db, flow, problem);
    const limited = overAttemptLimit(fr, 'verification', email);
    if (limited) return limited;
    const identity = await findIdentityByEmail(db, email);
    const answer = await askForCode(db, flow, email, MSG.verificationSent());
    await sendVerificationCode(fr, flow, email, identity?.id ?? null);
    return answer;
  },
};
