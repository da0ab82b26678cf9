import { SENDERS, sendMessage } from '../senders/index.js';
import type { ConnectionTester } from './types.js';

/** Generic and chat webhooks: a short test message in the shape the service documents. */
export const webhookTester: ConnectionTester = {
  types: Object.keys(SENDERS),
  async test(conn, ctx) {
    return sendMessage(
      conn,
      {
        title: 'Opsdeck test message',
        message: `This is a test message sent through the connection ${conn.namespace}/${conn.name}.`,
      },
      ctx,
    );
  },
};
