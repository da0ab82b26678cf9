import { splitList } from '../lib/split-list.js';

/**
 * The SMTP server a mail goes to, read from each place one is written: an Email connection's
 * properties, a sender URL (`smtp://user:pass@host:587/?from=…&encryption=…&auth=…`, the
 * shoutrrr form Mission Control stores and rules name) and the operator's SMTP_URL with
 * SMTP_FROM. Every reader ends in the same SmtpTarget, which net/smtp.ts turns into the one
 * nodemailer transport, so Test Connection, notifications and account mail agree on TLS.
 */

/**
 * - `none`: plain text, STARTTLS never tried;
 * - `implicit-tls`: TLS from the first byte (port 465);
 * - `starttls`: STARTTLS required; a server that does not offer it is an error, never plain text;
 * - `starttls-opportunistic`: STARTTLS when the server offers it, plain text otherwise.
 */
export type SmtpEncryption = 'none' | 'implicit-tls' | 'starttls' | 'starttls-opportunistic';

/** `auto` lets the client pick from what the server offers (Mission Control's `Unknown`). */
export type SmtpAuth = 'auto' | 'none' | 'plain' | 'login' | 'cram-md5' | 'oauth2';

export type SmtpTarget = {
  host: string;
  port: number;
  encryption: SmtpEncryption;
  /** Accept any certificate (the connection's insecure_tls). */
  insecureTls: boolean;
  auth: SmtpAuth;
  user: string;
  /** The password, or the access token for `oauth2`. */
  password: string;
  /** The sender's address and display name (From header and envelope). */
  from: string;
  fromName: string;
};

/** Settings that cannot be sent through: the message says which and what is accepted. */
export class SmtpSettingsError extends Error {}

export const IMPLICIT_TLS_PORT = 465;
const SUBMISSION_PORT = 587;

/** Mission Control's Encryption values (shoutrrr's), by lower-case name. */
const ENCRYPTIONS: Readonly<Record<string, SmtpEncryption | 'auto'>> = {
  none: 'none',
  explicittls: 'starttls',
  implicittls: 'implicit-tls',
  auto: 'auto',
};

/** Mission Control's Auth values, plus LOGIN, by lower-case name. */
const AUTHS: Readonly<Record<string, SmtpAuth>> = {
  none: 'none',
  plain: 'plain',
  login: 'login',
  crammd5: 'cram-md5',
  'cram-md5': 'cram-md5',
  oauth2: 'oauth2',
  unknown: 'auto',
};

function encryptionOf(value: string): SmtpEncryption | 'auto' {
  const found = ENCRYPTIONS[value.trim().toLowerCase()];
  if (!found) {
    throw new SmtpSettingsError(
      `unknown SMTP encryption "${value}" (use None, ExplicitTLS, ImplicitTLS or Auto)`,
    );
  }
  return found;
}

function authOf(value: string): SmtpAuth {
  const found = AUTHS[value.trim().toLowerCase()];
  if (!found) {
    throw new SmtpSettingsError(
      `unknown SMTP auth "${value}" (use None, Plain, Login, CRAMMD5, OAuth2 or Unknown)`,
    );
  }
  return found;
}

function portOf(value: string | undefined, fallback: number): number {
  if (!value?.trim()) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new SmtpSettingsError(`the SMTP port "${value}" is not a port number (1–65535)`);
  return port;
}

/** `Name <address>` (or a bare address) as its parts. */
export function parseMailbox(text: string): { address: string; name: string } {
  const m = /^\s*(.*?)\s*<([^<>]*)>\s*$/.exec(text);
  if (!m) return { address: text.trim(), name: '' };
  return { address: (m[2] ?? '').trim(), name: (m[1] ?? '').replace(/^"(.*)"$/, '$1').trim() };
}

type Parts = {
  host: string;
  port: string | undefined;
  encryption: SmtpEncryption | 'auto';
  auth: SmtpAuth;
  user: string;
  password: string;
  insecureTls: boolean;
  from: string;
  fromName: string;
};

/** Auto is implicit TLS on 465 and opportunistic STARTTLS elsewhere (shoutrrr's rule). */
function target(p: Parts): SmtpTarget {
  const host = p.host.trim().replace(/^\[(.*)\]$/, '$1');
  if (!host) throw new SmtpSettingsError('the SMTP server has no host');
  const port = portOf(p.port, p.encryption === 'implicit-tls' ? IMPLICIT_TLS_PORT : SUBMISSION_PORT);
  const encryption =
    p.encryption !== 'auto'
      ? p.encryption
      : port === IMPLICIT_TLS_PORT
        ? 'implicit-tls'
        : 'starttls-opportunistic';
  if (!p.from) throw new SmtpSettingsError('the SMTP sender has no from address');
  if (p.auth !== 'auto' && p.auth !== 'none' && !p.user) {
    throw new SmtpSettingsError(`SMTP auth ${p.auth} needs a username`);
  }
  return {
    host,
    port,
    encryption,
    insecureTls: p.insecureTls,
    auth: p.auth,
    user: p.user,
    password: p.password,
    from: p.from,
    fromName: p.fromName,
  };
}

/** The sender when a source names none: SMTP_FROM, `Name <address>`. */
function fallbackSender(fallbackFrom: string, from: string | undefined, fromName: string | undefined) {
  if (from) return { from, fromName: fromName ?? '' };
  const mailbox = parseMailbox(fallbackFrom);
  return { from: mailbox.address, fromName: fromName ?? mailbox.name };
}

export type SmtpCredentials = { username?: string; password?: string; insecureTls?: boolean };

/** What to send through and to whom. */
export type SmtpDestination = { target: SmtpTarget; to: string[] };

/**
 * An Email connection's properties (host, port, from, fromName, to, encryption, auth) with
 * its username, password and insecure_tls.
 */
export function smtpFromProperties(
  p: Readonly<Record<string, string | undefined>>,
  creds: SmtpCredentials,
  fallbackFrom: string,
): SmtpDestination {
  return {
    target: target({
      host: p.host ?? '',
      port: p.port,
      encryption: encryptionOf(p.encryption || 'Auto'),
      auth: authOf(p.auth || 'Unknown'),
      user: creds.username ?? '',
      password: creds.password ?? '',
      insecureTls: creds.insecureTls ?? false,
      ...fallbackSender(fallbackFrom, p.from?.trim(), p.fromName?.trim()),
    }),
    to: splitList(p.to),
  };
}

const YES = /^(yes|true|1|on)$/i;
const NO = /^(no|false|0|off)$/i;

/** The one encryption several keys of a URL ask for; keys that disagree are an error. */
function urlEncryption(
  scheme: string,
  q: (name: string) => string | undefined,
): { encryption: SmtpEncryption | 'auto'; startTlsOff: boolean } {
  const asked: [string, SmtpEncryption | 'auto'][] = [];
  if (scheme === 'smtps:') asked.push(['smtps://', 'implicit-tls']);
  const encryption = q('encryption');
  if (encryption !== undefined) asked.push([`encryption=${encryption}`, encryptionOf(encryption)]);
  // nodemailer's keys, which SMTP_URL accepted before it was read here.
  if (YES.test(q('secure') ?? '')) asked.push(['secure=true', 'implicit-tls']);
  if (YES.test(q('requiretls') ?? '')) asked.push(['requireTLS=true', 'starttls']);
  if (YES.test(q('ignoretls') ?? '')) asked.push(['ignoreTLS=true', 'none']);
  const startTls = q('usestarttls') ?? q('starttls');
  const startTlsOff = startTls !== undefined && NO.test(startTls);
  const firm = asked.filter(([, e]) => e !== 'auto');
  const [first] = firm;
  const other = firm.find(([, e]) => e !== first?.[1]);
  if (first && other)
    throw new SmtpSettingsError(`the SMTP URL asks for two encryptions: ${first[0]} and ${other[0]}`);
  if (first?.[1] === 'starttls' && startTlsOff)
    throw new SmtpSettingsError(
      `the SMTP URL asks for STARTTLS (${first[0]}) and turns it off (usestarttls)`,
    );
  return { encryption: first?.[1] ?? 'auto', startTlsOff };
}

/**
 * `smtp://[user:pass@]host[:port]/?…` or `smtps://…`. Query keys are case-insensitive, as in
 * shoutrrr: `fromaddress`/`from`, `fromname`, `toaddresses`/`to`, `encryption`
 * (None|ExplicitTLS|ImplicitTLS|Auto), `auth` (None|Plain|Login|CRAMMD5|OAuth2|Unknown),
 * `usestarttls`/`starttls` (no: Auto stays plain text); and nodemailer's `secure`,
 * `requireTLS`, `ignoreTLS`, `tls.rejectUnauthorized=false`. Errors never echo the URL (it
 * usually holds a password).
 */
export function smtpFromUrl(raw: string, creds: SmtpCredentials, fallbackFrom: string): SmtpDestination {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new SmtpSettingsError(
      'the SMTP URL is not a valid URL (expected smtp://user:pass@host:587/?from=…)',
    );
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new SmtpSettingsError(`the SMTP URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  const query = new Map<string, string>();
  for (const [k, v] of url.searchParams) query.set(k.toLowerCase(), v);
  const q = (name: string) => query.get(name);
  const { encryption, startTlsOff } = urlEncryption(url.protocol, q);
  const rejectUnauthorized = q('tls.rejectunauthorized');
  const insecureTls =
    creds.insecureTls === true || (rejectUnauthorized !== undefined && NO.test(rejectUnauthorized));
  const dec = (s: string) => decodeURIComponent(s);
  const parts: Parts = {
    host: url.hostname,
    port: url.port || undefined,
    encryption,
    auth: authOf(q('auth') || 'Unknown'),
    user: url.username ? dec(url.username) : (creds.username ?? ''),
    password: url.password ? dec(url.password) : (creds.password ?? ''),
    insecureTls,
    ...fallbackSender(fallbackFrom, (q('fromaddress') ?? q('from'))?.trim(), q('fromname')?.trim()),
  };
  const destination = { target: target(parts), to: splitList(q('toaddresses') ?? q('to')) };
  if (startTlsOff && destination.target.encryption === 'starttls-opportunistic')
    destination.target.encryption = 'none';
  return destination;
}

/** The operator's SMTP_URL, with SMTP_FROM as the sender unless the URL names one. */
export function smtpFromEnv(smtpUrl: string, smtpFrom: string): SmtpTarget {
  try {
    return smtpFromUrl(smtpUrl, {}, smtpFrom).target;
  } catch (e) {
    if (e instanceof SmtpSettingsError) throw new SmtpSettingsError(`SMTP_URL: ${e.message}`);
    throw e;
  }
}
