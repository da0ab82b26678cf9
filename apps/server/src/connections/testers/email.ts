import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { resolveOutboundAddress, tlsServerName } from '../../net/outbound.js';
import { list } from '../senders/types.js';
import type { HydratedConnection } from '../types.js';
import { untilAborted } from '../../lib/abort.js';
import type { ConnectionTester } from './types.js';

/** The SMTP transport of an Email connection, connected to the address the policy checked. */
async function transportOptions(conn: HydratedConnection, ctx: Parameters<ConnectionTester['test']>[1]) {
  const p = conn.properties;
  const host = p.host?.trim();
  if (!host) throw new Error('the connection has no host');
  const port = Number(p.port || 587);
  const target = await resolveOutboundAddress(host, ctx.outbound);
  const encryption = p.encryption || 'Auto';
  const servername = tlsServerName(host);
  const options: SMTPTransport.Options = {
    host: target.address,
    port,
    secure: encryption === 'ImplicitTLS' || (encryption === 'Auto' && port === 465),
    requireTLS: encryption === 'ExplicitTLS',
    ignoreTLS: encryption === 'None',
    tls: { rejectUnauthorized: !conn.insecureTls, ...(servername ? { servername } : {}) },
    connectionTimeout: ctx.timeoutMs,
    greetingTimeout: ctx.timeoutMs,
    socketTimeout: ctx.timeoutMs,
  };
  const auth = p.auth || 'Unknown';
  if (auth !== 'None' && conn.username) {
    if (auth === 'OAuth2') options.auth = { type: 'OAuth2', user: conn.username, accessToken: conn.password };
    else options.auth = { user: conn.username, pass: conn.password };
    if (auth === 'Plain') options.authMethod = 'PLAIN';
    if (auth === 'CRAMMD5') options.authMethod = 'CRAM-MD5';
  }
  return options;
}

/** Email: sends a test mail through the connection's SMTP server, to its recipients (or its sender). */
export const emailTester: ConnectionTester = {
  types: ['email'],
  async test(conn, ctx) {
    const from = conn.properties.from?.trim();
    if (!from) throw new Error('the connection has no from address');
    const to = list(conn.properties.to);
    const transport = nodemailer.createTransport(await transportOptions(conn, ctx));
    try {
      const info = await untilAborted(
        transport.sendMail({
          from: conn.properties.fromName ? { name: conn.properties.fromName, address: from } : from,
          to: to.length ? to : from,
          subject: 'Opsdeck test message',
          text: `This is a test message sent through the connection ${conn.namespace}/${conn.name}.`,
        }),
        ctx.signal,
        () => transport.close(),
      );
      return { messageId: info.messageId, accepted: info.accepted.map(String) };
    } finally {
      transport.close();
    }
  },
};
