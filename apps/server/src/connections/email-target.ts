import { smtpFromProperties, smtpFromUrl, type SmtpDestination } from '../net/smtp-target.js';
import type { HydratedConnection } from './types.js';

/**
 * Where an Email connection sends through, for Test Connection and notifications alike: its
 * properties (host, port, encryption, auth, from, fromName, to) as the form saves them, else
 * its `smtp://` URL (a connection written with a URL only); with its username, password and
 * insecure_tls either way. `fallbackFrom` (SMTP_FROM) is the sender when it names none.
 */
export function emailDestination(conn: HydratedConnection, fallbackFrom: string): SmtpDestination {
  const creds = { username: conn.username, password: conn.password, insecureTls: conn.insecureTls };
  if (conn.properties.host?.trim()) return smtpFromProperties(conn.properties, creds, fallbackFrom);
  if (/^smtps?:\/\//i.test(conn.url)) return smtpFromUrl(conn.url, creds, fallbackFrom);
  throw new Error('the Email connection has no host (set host, or an smtp:// URL)');
}
