import { can } from '@opsdeck/shared';
import type { ServerContext } from '../../context.js';
import type { Queryable } from '../../db/types.js';
import { secretBox } from '../../lib/secrets/index.js';
import { failPlaybookSend } from '../../notifications/index.js';
import type { DomainEvent, EventHandler } from '../../platform/domain.js';
import { createRun } from '../create-run.js';
import { isPlaybookProblem } from './failure.js';

/** The event a notification send to a playbook queues (migration 233). */
export const NOTIFICATION_PLAYBOOK_EVENT = 'notification.playbook.run';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Which run column the event's resource fills; other resources (incidents, runs) give none. */
const RESOURCE_COLUMN = { config: 'config_id', component: 'component_id', check: 'check_id' } as const;

/** `ns/name` or `name` (in the rule's namespace) → the live playbook's id. */
async function findPlaybook(
  q: Queryable,
  reference: string,
  ruleNamespace: string,
): Promise<string | undefined> {
  const slash = reference.indexOf('/');
  const [namespace, name] =
    slash < 0 ? [ruleNamespace, reference] : [reference.slice(0, slash), reference.slice(slash + 1)];
  const { rows } = await q.query<{ id: string }>(
    `SELECT id FROM playbooks WHERE namespace = $1 AND name = $2 AND deleted_at IS NULL
     ORDER BY created_at LIMIT 1`,
    [namespace, name],
  );
  return rows[0]?.id;
}

/** Why the rule may not run playbooks: its author's roles, as `POST /api/playbook/run` asks. */
async function refusal(q: Queryable, createdBy: string): Promise<string | undefined> {
  const { rows } = await q.query<{ email: string | null; roles: string[] | null; live: boolean }>(
    `SELECT p.email, (SELECT array_agg(r.role) FROM person_roles r WHERE r.person_id = p.id) AS roles,
       p.deleted_at IS NULL AS live
     FROM people p WHERE p.id = $1`,
    [createdBy],
  );
  const person = rows[0];
  if (person?.live && can(person.roles ?? [], 'playbooks', 'write')) return undefined;
  return `the rule's author (${person?.email ?? createdBy}) may not run playbooks`;
}

/**
 * A notification whose recipient is a playbook (docs/notifications.md, "Playbook recipients"):
 * the playbook named by the rule is looked up now — it may have been written after the rule —
 * and run about the event's resource through the one run path (createRun: parameters,
 * `filters`, approval), as the system, if the rule's author may run playbooks. Its history row
 * is linked to the run when the run is inserted and settled when it ends (migration 233);
 * a run that cannot start makes it `error` with the reason ("playbook ops/x not found").
 */
export const notificationPlaybookHandler: EventHandler = async (event: DomainEvent, ctx: ServerContext) => {
  const p = event.properties;
  const historyId = text(p.id);
  const reference = text(p.playbook);
  if (!historyId || !reference) return;
  const namespace = text(p.namespace) || 'default';
  const playbookId = await findPlaybook(ctx.db, reference, namespace);
  const named = reference.includes('/') ? reference : `${namespace}/${reference}`;
  if (!playbookId) return failPlaybookSend(ctx.db, historyId, `playbook ${named} not found`);
  const createdBy = text(p.created_by);
  const refused = createdBy ? await refusal(ctx.db, createdBy) : undefined;
  if (refused) return failPlaybookSend(ctx.db, historyId, refused);
  const kind = text(p.resource_type);
  const column = Object.hasOwn(RESOURCE_COLUMN, kind)
    ? RESOURCE_COLUMN[kind as keyof typeof RESOURCE_COLUMN]
    : undefined;
  try {
    await createRun(ctx.db, {
      playbookId,
      ...(column ? { [column]: text(p.resource_id) } : {}),
      trigger: 'notification',
      createdBy: null,
      // One run per send, however often the request is delivered.
      eventId: historyId,
      notificationSendId: historyId,
      secrets: secretBox(ctx.config),
    });
  } catch (e) {
    if (!isPlaybookProblem(e)) throw e;
    await failPlaybookSend(ctx.db, historyId, `playbook ${named}: ${e.message}`);
  }
};
