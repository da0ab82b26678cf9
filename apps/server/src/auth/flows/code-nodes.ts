import { csrfField, input, MSG, requiredField, type UiNode } from './ui.js';

/** Nodes of a code flow (recovery, verification): ask for the address, then for the code. */
export function codeFlowNodes(
  csrf: string,
  state: 'choose_method' | 'sent_email' | 'passed_challenge',
  email = '',
): UiNode[] {
  const nodes = [csrfField(csrf)];
  if (state === 'choose_method') {
    nodes.push(
      requiredField('code', 'email', 'email', 'email', MSG.labels.email),
      input('code', 'method', 'submit', { value: 'code', label: MSG.labels.cont }),
    );
  } else if (state === 'sent_email') {
    nodes.push(
      requiredField('code', 'code', 'text', 'one-time-code', MSG.labels.code),
      input('code', 'method', 'hidden', { value: 'code' }),
      input('code', 'method', 'submit', { value: 'code', label: MSG.labels.cont }),
      input('code', 'email', 'submit', { value: email, label: MSG.labels.resend }),
    );
  }
  return nodes;
}
