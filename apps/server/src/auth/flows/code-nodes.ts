import { input, MSG, type UiNode } from './ui.js';

/** Nodes of a code flow (recovery, verification): ask for the address, then for the code. */
export function codeFlowNodes(
  csrf: string,
  state: 'choose_method' | 'sent_email' | 'passed_challenge',
  email = '',
): UiNode[] {
  const nodes = [input('default', 'csrf_token', 'hidden', { value: csrf, required: true })];
  if (state === 'choose_method') {
    nodes.push(
      input('code', 'email', 'email', { required: true, autocomplete: 'email', label: MSG.labels.email }),
      input('code', 'method', 'submit', { value: 'code', label: MSG.labels.cont }),
    );
  } else if (state === 'sent_email') {
    nodes.push(
      input('code', 'code', 'text', {
        required: true,
        autocomplete: 'one-time-code',
        label: MSG.labels.code,
      }),
      input('code', 'method', 'hidden', { value: 'code' }),
      input('code', 'method', 'submit', { value: 'code', label: MSG.labels.cont }),
      input('code', 'email', 'submit', { value: email, label: MSG.labels.resend }),
    );
  }
  return nodes;
}
