import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the sink received: the SMTP envelope plus the parsed content. */
export type SinkMail = {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO), which include Bcc. */
  to: string[];
  /** The user the client authenticated as, if it did, and the SASL method it used. */
  authUser: string | undefined;
  authMethod: string | undefined;
  /** Whether the session was encrypted (implicit TLS or after STARTTLS) when the mail came. */
  secure: boolean;
  /** Header addresses as written, e.g. `Opsdeck <noreply@example.org>`. */
  headerFrom: string;
  headerTo: string;
  subject: string;
  text: string;
  html: string | undefined;
  /** Header lines by lower-case name. */
  headers: Map<string, unknown>;
  raw: string;
};

export type SmtpSink = {
  host: '127.0.0.1';
  port: number;
  /** `smtp://127.0.0.1:port` (`smtps://` for implicit TLS) */
  url: string;
  /** Every message received so far, oldest first. */
  mails: SinkMail[];
  /** The first message (received already or later) that matches, or an error after `timeoutMs`. */
  waitForMail(predicate?: (mail: SinkMail) => boolean, timeoutMs?: number): Promise<SinkMail>;
  stop(): Promise<void>;
};

/** `Name <address>` (or the bare address) per mailbox, comma separated. */
const addressText = (a: AddressObject | AddressObject[] | undefined): string =>
  (Array.isArray(a) ? a : a ? [a] : [])
    .flatMap((x) => x.value)
    .map((v) => (v.name ? `${v.name} <${v.address ?? ''}>` : (v.address ?? '')))
    .join(', ');

/**
 * How the sink speaks TLS, with `tls` (a key and certificate):
 * - `plain` (default): no TLS, STARTTLS refused as an unknown command;
 * - `implicit`: TLS from the first byte (as on port 465);
 * - `starttls`: plain, STARTTLS offered;
 * - `starttls-hidden`: plain, STARTTLS accepted but not listed in the EHLO answer.
 */
export type SmtpSinkTls = 'plain' | 'implicit' | 'starttls' | 'starttls-hidden';

export type SmtpSinkOptions = {
  /** AUTH required and must match; without it clients may send with or without AUTH. */
  credentials?: { username: string; password: string };
  /** SASL methods offered (default PLAIN and LOGIN). */
  authMethods?: ('PLAIN' | 'LOGIN' | 'CRAM-MD5')[];
  mode?: SmtpSinkTls;
  tls?: { key: string; cert: string };
};

type SessionUser = { name: string; method: string };

/**
 * An SMTP server on 127.0.0.1 that keeps what it receives. Plain SMTP (no STARTTLS) unless
 * `mode` and `tls` say otherwise.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const waiters = new Set<(mail: SinkMail) => void>();
  const { credentials } = options;
  const mode = options.mode ?? 'plain';
  if (mode !== 'plain' && !options.tls) throw new Error(`an SMTP sink in ${mode} mode needs tls`);
  const server = new SMTPServer({
    logger: false,
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    secure: mode === 'implicit',
    hideSTARTTLS: mode === 'starttls-hidden',
    disabledCommands: mode === 'plain' ? ['STARTTLS'] : [],
    authOptional: !credentials,
    allowInsecureAuth: true,
    authMethods: options.authMethods ?? ['PLAIN', 'LOGIN'],
    // A client that keeps its connection (a pool) must not hold stop() for the default 30 s.
    closeTimeout: 1_000,
    onAuth(auth, _session, callback) {
      const accepted =
        !credentials ||
        (auth.username === credentials.username &&
          (auth.method === 'CRAM-MD5'
            ? auth.validatePassword(credentials.password)
            : auth.password === credentials.password));
      const user: SessionUser = { name: auth.username ?? '', method: auth.method };
      if (accepted) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            const { envelope } = session;
            const mail: SinkMail = {
              from: envelope.mailFrom ? envelope.mailFrom.address : '',
              to: envelope.rcptTo.map((r) => r.address),
              authUser: (session.user as SessionUser | undefined)?.name,
              authMethod: (session.user as SessionUser | undefined)?.method,
              secure: session.secure,
              headerFrom: addressText(parsed.from),
              headerTo: addressText(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html === false ? undefined : parsed.html,
              headers: parsed.headers,
              raw: raw.toString('utf8'),
            };
            mails.push(mail);
            for (const waiter of waiters) waiter(mail);
            callback();
          })
          .catch((e: unknown) => callback(e instanceof Error ? e : new Error(String(e))));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  function waitForMail(predicate: (mail: SinkMail) => boolean = () => true, timeoutMs = 15_000) {
    const found = mails.find(predicate);
    if (found) return Promise.resolve(found);
    return new Promise<SinkMail>((resolve, reject) => {
      const waiter = (mail: SinkMail) => {
        if (!predicate(mail)) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(mail);
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        const seen = mails.map((m) => `"${m.subject}" to ${m.to.join(', ')}`).join('; ') || 'none';
        reject(new Error(`no matching mail within ${timeoutMs} ms; received: ${seen}`));
      }, timeoutMs);
      waiters.add(waiter);
    });
  }

  return {
    host: '127.0.0.1',
    port,
    url: `${mode === 'implicit' ? 'smtps' : 'smtp'}://127.0.0.1:${port}`,
    mails,
    waitForMail,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
