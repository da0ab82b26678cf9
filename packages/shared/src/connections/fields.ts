/** Columns of a connection row a form field can be stored in (anything else goes to properties). */
export type ConnectionColumn = 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls';

/** Where a form field is stored: a column, or `properties.<key>`. */
export type FieldTarget = ConnectionColumn | `properties.${string}`;

export type ConnectionField = {
  key: FieldTarget;
  label: string;
  input: 'text' | 'secret' | 'number' | 'checkbox' | 'select' | 'textarea';
  required?: boolean;
  default?: string;
  options?: readonly string[];
  placeholder?: string;
  hint?: string;
};

export type ConnectionCategory =
  'Database' | 'Observability' | 'Cloud' | 'Version control' | 'Storage' | 'Ticketing' | 'Notification';

/** Values of a connection form, keyed by field target (`url`, `properties.port`, …). */
export type ConnectionFormValues = Partial<Record<FieldTarget, string | boolean | undefined>>;

export type ConnectionTypeDef = {
  /** Stored in `connections.type`. */
  type: string;
  /** Shown in the type picker, which sorts by it. */
  title: string;
  category: ConnectionCategory;
  fields: readonly ConnectionField[];
  /** Kept for rows that exist, never offered for new connections. */
  hidden?: boolean;
  /**
   * Why Test Connection cannot run for this type, as the end of the sentence "Opsdeck cannot test
   * {title} connections: …" (`connectionTestRefusal`). Set only where Opsdeck has no client for
   * the peer; every other type has a tester on the server (a server test holds the two together).
   */
  untestable?: string;
  /**
   * Notification kinds are stored as a sender URL (the shape notification senders read) built from
   * the form, with `$(username)` / `$(password)` placeholders so the secrets stay in their
   * encrypted columns and are filled in only when a message is sent.
   */
  senderUrl?: (values: ConnectionFormValues) => string;
};

/**
 * Names of properties whose values are secrets when no field of the type describes them:
 * encrypted at rest and masked like the password. Fields of the catalog say it with
 * `input: 'secret'` (see `isSecretTarget`); `messageKey` or `titleKey` are not secrets.
 */
export const SECRET_PROPERTY_PATTERN =
  /(secret|token|password|passphrase|credential|private|api[-_]?key|access[-_]?key)/i;

/** What a secret reads as once stored; sent back unchanged, it keeps the stored value. */
export const SECRET_MASK = '***';

export const url = (label = 'URL', required = true, placeholder?: string): ConnectionField => ({
  key: 'url',
  label,
  input: 'text',
  required,
  ...(placeholder ? { placeholder } : {}),
});
export const username = (label = 'Username', required = false): ConnectionField => ({
  key: 'username',
  label,
  input: 'text',
  required,
});
export const password = (label = 'Password', required = false): ConnectionField => ({
  key: 'password',
  label,
  input: 'secret',
  required,
});
export const insecureTls: ConnectionField = { key: 'insecure_tls', label: 'Insecure TLS', input: 'checkbox' };
export const certificate = (label: string, required = false): ConnectionField => ({
  key: 'certificate',
  label,
  input: 'textarea',
  required,
});
export const property = (
  name: string,
  label: string,
  extra: Partial<Omit<ConnectionField, 'key' | 'label'>> = {},
): ConnectionField => ({ key: `properties.${name}`, label, input: 'text', ...extra });
