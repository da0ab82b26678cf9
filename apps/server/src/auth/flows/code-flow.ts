import { EMAIL_PATTERN } from '@opsdeck/shared';
import type { Queryable } from '../../db/types.js';
import { showFlow } from './answer.js';
import { codeFlowNodes } from './code-nodes.js';
import { startFlow } from './start.js';
import type { FlowRow } from './store.js';
import type { FlowRequest, SubmitResult } from './types.js';
import { MSG, withNodeMessage, type UiText } from './ui.js';

/** The steps recovery and verification share: ask for an address, mail a code, ask for the code. */

export function startCodeFlow(fr: FlowRequest, type: 'recovery' | 'verification'): Promise<FlowRow> {
  return startFlow(fr, { type, state: 'choose_method', nodes: codeFlowNodes(fr.csrf, 'choose_method') });
}

/** Why a typed address cannot be used (missing, or not an email), or undefined when it can. */
export function emailProblem(email: string): UiText | undefined {
  if (!email) return MSG.missing('email');
  return EMAIL_PATTERN.test(email) ? undefined : MSG.invalidEmail();
}

/** Back to the address form, with `message` on the email field. */
export function askForEmailAgain(db: Queryable, flow: FlowRow, message: UiText): Promise<SubmitResult> {
  const nodes = withNodeMessage(codeFlowNodes(flow.csrf_token, 'choose_method'), 'email', message);
  return showFlow(db, flow, { nodes });
}

/** On to the code form for `email` (whether a mail really went out is the caller's business). */
export function askForCode(
  db: Queryable,
  flow: FlowRow,
  email: string,
  message: UiText,
): Promise<SubmitResult> {
  flow.state = 'sent_email';
  flow.data = { ...flow.data, email };
  return showFlow(
    db,
    flow,
    { nodes: codeFlowNodes(flow.csrf_token, 'sent_email', email), messages: [message] },
    200,
  );
}

/** The code was right: the challenge is passed, with `messages` to show. */
export function passChallenge(flow: FlowRow, messages: UiText[]): void {
  flow.state = 'passed_challenge';
  flow.ui = { ...flow.ui, nodes: codeFlowNodes(flow.csrf_token, 'passed_challenge'), messages };
}
