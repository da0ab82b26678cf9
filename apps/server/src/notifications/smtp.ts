import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { resolveOutboundAddress, tlsServerName, type OutboundPolicy } from '../net/outbound.js';

/** An SMTP server to send through: the system's SMTP_URL, an Email connection or an smtp:// sender URL. */
export type SmtpTarget = {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
  from: string;
  insecureTls?: boolean;
};

export type Mail = { to: string[]; subject: string; text: string; html: string };

/** `smtp://user:pass@host:port/?from=…&to=…` (also smtps://) as a target and its recipients. */
export function smtpUrlTarget(url: string, fallbackFrom: string): { target: SmtpTarget; to: string[] } {
  const u = new URL(url.trim());
  const secure =
    u.protocol === 'smtps:' || /^(yes|true|implicittls)$/i.test(u.searchParams.get('Encryption') ?? '');
  const param = (name: string) => {
    for (const [k, v] of u.searchParams) if (k.toLowerCase() === name) return v;
    return undefined;
  };
  return {
    target: {
      host: u.hostname,
      port: Number(u.port || (secure ? 465 : 587)),
      secure,
      user: u.username ? decodeURIComponent(u.username) : undefined,
      pass: u.password ? decodeURIComponent(u.password) : undefined,
      from: param('from') ?? fallbackFrom,
    },
    to: (param('to') ?? '')
      .split(/[,\s]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** Sends one mail, connecting to the address the outbound policy checked. */
export async function sendMail(
  target: SmtpTarget,
  mail: Mail,
  outbound: OutboundPolicy,
  timeoutMs: number,
): Promise<void> {
  const address = await resolveOutboundAddress(target.host, outbound);
  const servername = tlsServerName(target.host);
  const options: SMTPTransport.Options = {
    host: address.address,
    port: target.port,
    secure: target.secure,
    tls: { rejectUnauthorized: !target.insecureTls, ...(servername ? { servername } : {}) },
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    ...(target.user ? { auth: { user: target.user, pass: target.pass ?? '' } } : {}),
  };
  const transport = nodemailer.createTransport(options);
  try {
    await transport.sendMail({
      from: target.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  } finally {
    transport.close();
  }
}
