import { sendDirect } from '../../notifications/index.js';
import { errorMessage, type ActionOutcome, type ActionRunner } from './action.js';

type NotificationBody = {
  url?: unknown;
  connection?: unknown;
  title?: unknown;
  message?: unknown;
  properties?: unknown;
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function stringMap(v: unknown): Record<string, string> | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
}

/**
 * `notification`: one message through the notifications domain's senders, to a sender URL
 * (shoutrrr style, `smtp://…`, `slack://…`) or a `connection://`. Result {sent, to, title}.
 */
export const notificationAction: ActionRunner = async (body, a): Promise<ActionOutcome> => {
  const b = (body ?? {}) as NotificationBody;
  const connection = str(b.connection).trim();
  const url = str(b.url).trim();
  if (!connection && !url)
    return { result: null, error: 'a notification action needs a url or a connection' };
  const title = str(b.title);
  const properties = stringMap(b.properties);
  const to = connection ? { connection, ...(properties ? { properties } : {}) } : { url };
  try {
    await sendDirect(a.ctx, to, title, str(b.message));
  } catch (e) {
    return { result: { sent: false }, error: errorMessage(e) };
  }
  return { result: { sent: true, to: connection || url.replace(/\/\/[^@/]*@/, '//'), title } };
};
