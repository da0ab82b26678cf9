import { sendSmtp } from '../../net/smtp.js';
import { emailDestination } from '../email-target.js';
import type { ConnectionTester } from './types.js';

/**
 * Email: sends a test mail through the connection's SMTP server (the transport notifications
 * use), to its recipients (or its sender).
 */
export const emailTester: ConnectionTester = {
  types: ['email'],
  async test(conn, ctx) {
    const { target, to } = emailDestination(conn, ctx.config.auth.smtpFrom);
    const info = await sendSmtp(
      target,
      {
        to: to.length ? to : [target.from],
        subject: 'Opsdeck test message',
        text: `This is a test message sent through the connection ${conn.namespace}/${conn.name}.`,
      },
      ctx.outbound,
      { timeoutMs: ctx.timeoutMs, signal: ctx.signal },
    );
    return { messageId: info.messageId, accepted: info.accepted.map(String) };
  },
};
