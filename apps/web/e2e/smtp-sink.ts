import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail the sink received. */
export type Mail = { to: string[]; subject: string; text: string; html: string };

/** The server's system SMTP (SMTP_URL, set by playwright.config.ts): keeps every mail it receives. */
export async function startSmtpSink(port: number): Promise<{ mails: Mail[]; close: () => Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((e: unknown) => callback(e instanceof Error ? e : new Error(String(e))));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
