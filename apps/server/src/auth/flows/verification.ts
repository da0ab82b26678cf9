import type { Queryable } from '../../db/types.js';
import { findIdentityByEmail } from '../identities.js';
import { limitKeys } from '../services.js';
import { issueCode, redeemCode } from './codes.js';
import { codeFlowNodes } from './code-nodes.js';
import { ERRORS } from './errors.js';
import { EMAIL_PATTERN } from './registration.js';
import { insertFlow, saveFlow, type FlowRow } from './store.js';
import { str, type FlowHandler, type FlowRequest } from './types.js';
import { MSG, withNodeMessage } from './ui.js';

async function sendVerificationCode(
  fr: FlowRequest,
  flow: FlowRow,
  email: string,
  identityId: string | null,
) {
  const { db } = fr.svc.ctx;
  // Unknown addresses get no mail, but the answer is the same (no account enumeration).
  if (!identityId) return;
  const code = await issueCode(db, flow.id, 'verification', email, identityId);
  const link = `${fr.svc.ctx.publicBaseUrl()}/verification?flow=${flow.id}&code=${code}`;
  await fr.svc.mailer.send({
    to: email,
    subject: 'Please verify your email address',
    text: `Hi,\n\nplease verify your Opsdeck account with this code: ${code}\n\nor open ${link}\n`,
  });
}

/** Creates a verification flow that has already mailed a code (after registration). */
export async function startVerification(
  fr: FlowRequest,
  email: string,
  identityId: string,
): Promise<FlowRow> {
  const flow = await insertFlow(
    fr.svc.ctx.db,
    {
      type: 'verification',
      state: 'sent_email',
      csrf_token: fr.csrf,
      identity_id: null,
      request_url: fr.req.url,
      return_to: null,
      data: { email },
      ui: {
        action: '',
        method: 'POST',
        nodes: codeFlowNodes(fr.csrf, 'sent_email', email),
        messages: [MSG.verificationSent()],
      },
    },
    fr.svc.ctx.config.auth.flowLifetimeMs,
  );
  await sendVerificationCode(fr, flow, email, identityId);
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
    return insertFlow(
      fr.svc.ctx.db,
      {
        type: 'verification',
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
    const { db } = fr.svc.ctx;
    const code = str(body, 'code').trim();
    const email = str(body, 'email').trim();
    if (code && flow.state === 'sent_email') {
      if (!fr.svc.limiter.hit(limitKeys(fr.svc, 'verification', fr.req.ip, flow.data.email))) {
        return { kind: 'error', error: ERRORS.tooMany() };
      }
      const redeemed = await redeemCode(db, flow.id, code);
      if (!redeemed?.identityId) {
        flow.ui = { ...flow.ui, messages: [MSG.verificationCodeInvalid()] };
        await saveFlow(db, flow);
        return { kind: 'flow', status: 400, flow };
      }
      await markVerified(db, redeemed.identityId, redeemed.email);
      flow.state = 'passed_challenge';
      flow.ui = {
        ...flow.ui,
        nodes: codeFlowNodes(flow.csrf_token, 'passed_challenge'),
        messages: [MSG.verified()],
      };
      await saveFlow(db, flow);
      return { kind: 'flow', status: 200, flow };
    }
    if (!email) {
      flow.ui = {
        ...flow.ui,
        nodes: withNodeMessage(
          codeFlowNodes(flow.csrf_token, 'choose_method'),
          'email',
          MSG.missing('email'),
        ),
      };
      await saveFlow(db, flow);
      return { kind: 'flow', status: 400, flow };
    }
    if (!EMAIL_PATTERN.test(email)) {
      flow.ui = {
        ...flow.ui,
        nodes: withNodeMessage(codeFlowNodes(flow.csrf_token, 'choose_method'), 'email', MSG.invalidEmail()),
      };
      await saveFlow(db, flow);
      return { kind: 'flow', status: 400, flow };
    }
    if (!fr.svc.limiter.hit(limitKeys(fr.svc, 'verification', fr.req.ip, email))) {
      return { kind: 'error', error: ERRORS.tooMany() };
    }
    const identity = await findIdentityByEmail(db, email);
    flow.state = 'sent_email';
    flow.data = { ...flow.data, email };
    flow.ui = {
      ...flow.ui,
      nodes: codeFlowNodes(flow.csrf_token, 'sent_email', email),
      messages: [MSG.verificationSent()],
    };
    await saveFlow(db, flow);
    await sendVerificationCode(fr, flow, email, identity?.id ?? null);
    return { kind: 'flow', status: 200, flow };
  },
};
