import type { ServerContext } from '../context.js';
import { deliver, DeliveryError } from './deliver.js';
import type { HistoryEntry } from './history.js';
import type { EventScope } from './event-scope.js';
import type { Recipient } from './recipients.js';
import { renderMessage } from './render.js';
import type { RuleRow } from './rule.js';

/**
 * Renders and delivers now; the outcome (`sent` or `error`, with the time it took) is returned
 * for the history. `grouped` are the other events of a group sent in the same message.
 */
export async function renderAndDeliver(
  ctx: ServerContext,
  rule: Pick<RuleRow, 'title' | 'template'>,
  scope: EventScope,
  recipient: Recipient,
  grouped: readonly EventScope[] = [],
): Promise<Pick<HistoryEntry, 'status' | 'body' | 'error' | 'durationMillis'>> {
  // A playbook recipient is run, not written to: the row asks the playbooks domain for the run
  // (migration 233), which links it and settles it when the run ends.
  if (recipient.kind === 'playbook') return { status: 'pending_playbook_run' };
  let message;
  try {
    message = renderMessage(rule, scope, grouped);
  } catch (e) {
    return { status: 'error', error: `template: ${e instanceof Error ? e.message : String(e)}` };
  }
  const started = performance.now();
  try {
    await deliver(ctx, recipient, message);
    return { status: 'sent', body: message.html, durationMillis: Math.round(performance.now() - started) };
  } catch (e) {
    return {
      status: 'error',
      body: message.html,
      error: e instanceof DeliveryError ? e.message : 'delivery failed',
      durationMillis: Math.round(performance.now() - started),
    };
  }
}
