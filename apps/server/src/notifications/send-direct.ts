import type { ServerContext } from '../context.js';
import { deliver } from './deliver.js';
import { markdownToHtml } from './markdown.js';

/**
 * One message to an email address, a `connection://` reference or a sender URL, outside any
 * rule (another domain's messages: incident responders). Throws DeliveryError with a storable
 * text (secrets scrubbed) when it fails.
 */
export async function sendDirect(
  ctx: ServerContext,
  to: { email: string } | { connection: string; properties?: Record<string, string> } | { url: string },
  title: string,
  markdown: string,
): Promise<void> {
  const message = { title, markdown, html: markdownToHtml(markdown) };
  if ('email' in to) return deliver(ctx, { kind: 'email', to: to.email, label: to.email }, message);
  if ('connection' in to)
    return deliver(
      ctx,
      {
        kind: 'connection',
        reference: to.connection,
        label: to.connection,
        ...(to.properties ? { properties: to.properties } : {}),
      },
      message,
    );
  return deliver(ctx, { kind: 'url', url: to.url, label: to.url }, message);
}
