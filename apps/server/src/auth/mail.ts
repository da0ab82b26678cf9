import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { loadNodemailer } from '../lib/packages.js';
import { sendSmtp } from '../net/smtp.js';
import { smtpFromEnv } from '../net/smtp-target.js';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = { send(mail: Mail): Promise<void> };

/** How long one account mail may take to hand over. */
const MAIL_TIMEOUT_MS = 30_000;

/**
 * SMTP when SMTP_URL is set, through the one SMTP transport (net/smtp.ts; the URL is read as
 * notifications read it, SMTP_FROM the sender unless the URL names one), reached directly: the
 * operator chose it. Otherwise each mail is written to DATA_DIR/outbox/*.eml (mode 0600) and
 * the log names the file — never its text, which holds the code or link — so a local install
 * without a mail server can still recover accounts and accept invites by opening the file.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    // Read at start: a malformed SMTP_URL stops the server with the reason.
    const target = smtpFromEnv(opts.smtpUrl, opts.from);
    return {
      async send(mail) {
        await sendSmtp(target, { ...mail, to: [mail.to] }, 'direct', { timeoutMs: MAIL_TIMEOUT_MS });
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  return {
    async send(mail) {
      const info = await (await outboxTransport()).sendMail({ from: opts.from, ...mail });
      const body = info.message;
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`,
      );
      try {
        await fs.promises.mkdir(outbox, { recursive: true });
        await fs.promises.writeFile(file, Buffer.isBuffer(body) ? body : String(body), { mode: 0o600 });
      } catch (e) {
        opts.log.error({ err: e }, `could not write mail to ${outbox}`);
      }
      // Never the text: it holds a code or a link that signs someone in (docs/security.md).
      opts.log.warn(
        `No SMTP_URL configured: mail to ${mail.to} "${mail.subject}" written to ${file} (readable only by this server's user)`,
      );
    },
  };
}

/**
 * A transport that hands each mail back as text instead of sending it (the outbox); made per
 * mail, a cheap object, so that nodemailer is loaded with the first mail, not at start.
 */
async function outboxTransport() {
  const nodemailer = await loadNodemailer();
  return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
}
