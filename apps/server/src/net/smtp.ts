import type { Transporter } from 'nodemailer';
import { loadNodemailer } from '../lib/packages.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { resolveOutboundAddress, tlsServerName, type OutboundPolicy } from './outbound.js';
import type { SmtpTarget } from './smtp-target.js';

/**
 * The one SMTP transport (nodemailer) for every mail the server sends: Test Connection of an
 * Email connection, notifications, and account mail. Parsers of each source are in
 * smtp-target.ts.
 *
 * `route`: an outbound policy for servers a user named (connections, sender URLs): the host is
 * resolved once, checked, and the checked address is dialled, with the original name for SNI
 * and the certificate check. `'direct'` only for the operator's SMTP_URL, which like
 * OIDC_ISSUER is chosen by the operator and often lives on a network the policy refuses.
 */
export type SmtpRoute = OutboundPolicy | 'direct';

export type OutgoingMail = { to: string[]; subject: string; text: string; html?: string };

const AUTH_METHODS: Readonly<Record<string, string>> = {
  plain: 'PLAIN',
  login: 'LOGIN',
  'cram-md5': 'CRAM-MD5',
};

function authOptions(target: SmtpTarget): Pick<SMTPTransport.Options, 'auth' | 'authMethod'> {
  if (target.auth === 'none' || !target.user) return {};
  if (target.auth === 'oauth2')
    return { auth: { type: 'OAuth2', user: target.user, accessToken: target.password } };
  const method = AUTH_METHODS[target.auth];
  return { auth: { user: target.user, pass: target.password }, ...(method ? { authMethod: method } : {}) };
}

/** The transport for a target; close it after use. */
export async function smtpTransport(
  target: SmtpTarget,
  route: SmtpRoute,
  timeoutMs: number,
): Promise<Transporter<SMTPTransport.SentMessageInfo>> {
  const host = route === 'direct' ? target.host : (await resolveOutboundAddress(target.host, route)).address;
  const servername = tlsServerName(target.host);
  const nodemailer = await loadNodemailer();
  return nodemailer.createTransport({
    host,
    port: target.port,
    secure: target.encryption === 'implicit-tls',
    // requireTLS sends STARTTLS even when the server does not offer it and fails when refused.
    requireTLS: target.encryption === 'starttls',
    ignoreTLS: target.encryption === 'none',
    tls: { rejectUnauthorized: !target.insecureTls, ...(servername ? { servername } : {}) },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    ...authOptions(target),
  } satisfies SMTPTransport.Options);
}

/** Sends one mail from the target's sender; `signal` cancels the session (with its reason). */
export async function sendSmtp(
  target: SmtpTarget,
  mail: OutgoingMail,
  route: SmtpRoute,
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<SMTPTransport.SentMessageInfo> {
  const transport = await smtpTransport(target, route, opts.timeoutMs);
  try {
    return await transport.sendMail({
      from: target.fromName ? { name: target.fromName, address: target.from } : target.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html !== undefined ? { html: mail.html } : {}),
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (e) {
    // nodemailer's AbortError says only "Message sending aborted": give the caller's reason.
    if (opts.signal?.aborted && opts.signal.reason instanceof Error) throw opts.signal.reason;
    throw e;
  } finally {
    transport.close();
  }
}
