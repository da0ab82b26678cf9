/** The Kratos UI container: the web app renders flows from these nodes (docs/identity.md, Self-service API). */
export type UiText = {
  id: number;
  text: string;
  type: 'info' | 'error' | 'success';
  context?: Record<string, unknown>;
};

export type UiNodeAttributes = {
  name: string;
  type: string;
  value?: string | boolean;
  required?: boolean;
  disabled?: boolean;
  autocomplete?: string;
  node_type: 'input' | 'text' | 'img';
  text?: UiText;
  src?: string;
};

export type UiNode = {
  type: 'input' | 'text' | 'img';
  group: 'default' | 'password' | 'profile' | 'totp' | 'code';
  attributes: UiNodeAttributes;
  messages: UiText[];
  meta: { label?: UiText };
};

export type Ui = { action: string; method: 'POST'; nodes: UiNode[]; messages?: UiText[] };

export function input(
  group: UiNode['group'],
  name: string,
  type: string,
  opts: {
    label?: UiText;
    value?: string | boolean;
    required?: boolean;
    disabled?: boolean;
    autocomplete?: string;
  } = {},
): UiNode {
  const { label, ...attrs } = opts;
  return {
    type: 'input',
    group,
    attributes: { name, type, node_type: 'input', disabled: false, ...attrs },
    messages: [],
    meta: label ? { label } : {},
  };
}

/** The hidden anti-CSRF field every form starts with. */
export function csrfField(csrf: string): UiNode {
  return input('default', 'csrf_token', 'hidden', { value: csrf, required: true });
}

/** A field the form cannot be sent without; `autocomplete` tells the browser what to fill in. */
export function requiredField(
  group: UiNode['group'],
  name: string,
  type: string,
  autocomplete: string,
  label: UiText,
): UiNode {
  return input(group, name, type, { required: true, autocomplete, label });
}

export function textNode(group: UiNode['group'], id: string, text: UiText, label?: UiText): UiNode {
  return {
    type: 'text',
    group,
    attributes: { name: id, type: 'text', node_type: 'text', text },
    messages: [],
    meta: label ? { label } : {},
  };
}

export function info(id: number, text: string, context?: Record<string, unknown>): UiText {
  return { id, text, type: 'info', ...(context ? { context } : {}) };
}

export function error(id: number, text: string, context?: Record<string, unknown>): UiText {
  return { id, text, type: 'error', ...(context ? { context } : {}) };
}

export function success(id: number, text: string): UiText {
  return { id, text, type: 'success' };
}

/** Kratos' message catalogue entries used here (ids match Ory's, so existing UIs understand them; a few texts are ours). */
export const MSG = {
  // Ory's id, our words (this console signs in by email; the web says the same for Kratos).
  credentialsInvalid: () => error(4000006, 'Wrong email or password. Check both and try again.'),
  missing: (name: string) => error(4000002, `Property ${name} is missing.`, { property: name }),
  invalidEmail: () => error(4000001, 'Entered value does not match email format'),
  passwordPolicy: (reason: string) =>
    error(
      4000005,
      `The password can not be used because ${reason.replace(/^The password /, '').replace(/\.$/, '')}.`,
    ),
  duplicate: () =>
    error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  totpInvalid: () => error(4000008, 'The provided authentication code is invalid, please try again.'),
  recoveryCodeInvalid: () =>
    error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  verificationCodeInvalid: () =>
    error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
  recoverySent: () =>
    info(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  verificationSent: () =>
    info(
      1080003,
      'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  verified: () => success(1080002, 'You successfully verified your email address.'),
  saved: () => success(1050001, 'Your changes have been saved!'),
  // Opsdeck's own: an email change waits for the code mailed to the new address.
  emailChangeSent: (email: string, current: string) =>
    info(
      1050020,
      `We sent a verification code to ${email}. Your email address changes once you enter it on the verification page (the mail has the link); until then it stays ${current}.`,
      { pending_email: email },
    ),
  refresh: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  secondFactor: () => info(1010004, 'Please complete the second authentication challenge.'),
  labels: {
    id: info(1070004, 'E-Mail'),
    email: info(1070002, 'E-Mail'),
    password: info(1070001, 'Password'),
    first: info(1070002, 'First Name'),
    last: info(1070002, 'Last Name'),
    signIn: info(1010001, 'Sign in'),
    signUp: info(1040001, 'Sign up'),
    save: info(1070003, 'Save'),
    cont: info(1070009, 'Continue'),
    code: info(1070012, 'Verification code'),
    resend: info(1070008, 'Resend code'),
    totpCode: info(1070006, 'Verify code'),
    useAuthenticator: info(1010009, 'Use Authenticator'),
    authCode: info(1070006, 'Authentication code'),
    totpSecret: info(
      1050006,
      'This is your authenticator app secret. Use it if you can not scan the QR code.',
    ),
    totpUrl: info(1050005, 'Authenticator app QR code'),
    totpUnlink: info(1050003, 'Unlink TOTP Authenticator App'),
    pendingEmail: info(1050021, 'New email address, waiting for verification'),
  },
};

/** Adds an error message under the named node (shown as text under the field). */
export function withNodeMessage(nodes: UiNode[], name: string, message: UiText): UiNode[] {
  return nodes.map((n) => (n.attributes.name === name ? { ...n, messages: [...n.messages, message] } : n));
}

/** Copies submitted values into the nodes, so a failed form comes back filled in (never passwords). */
export function withValues(nodes: UiNode[], values: Record<string, unknown>): UiNode[] {
  return nodes.map((n) => {
    const v = values[n.attributes.name];
    if (n.type !== 'input' || n.attributes.type === 'password' || n.attributes.type === 'submit') return n;
    if (n.attributes.name === 'csrf_token' || typeof v !== 'string') return n;
    return { ...n, attributes: { ...n.attributes, value: v } };
  });
}
