import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerContext } from '../../src/context.js';
import type { Db } from '../../src/db/types.js';
import { drainEvents } from '../../src/events/consumer.js';
import { eventRegistryOf } from '../../src/events/registry.js';
import { notificationsDomain } from '../../src/notifications/index.js';
import { eventContext, testOptions } from '../events/context.js';

/** One request the loopback webhook received. */
export type Hook = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

export type WebhookSink = {
  url: string;
  hooks: Hook[];
  /** The answer to give: 200 unless a test says otherwise. */
  answer: { status: number; body: (h: Hook) => string };
  stop(): Promise<void>;
};

/** An HTTP server on 127.0.0.1 that keeps every request it receives. */
export async function startWebhookSink(): Promise<WebhookSink> {
  const hooks: Hook[] = [];
  const answer = { status: 200, body: (_h: Hook) => 'ok' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const hook = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hooks.push(hook);
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.body(hook));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hooks,
    answer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The context a server process hands its event consumer, with the test's environment. */
export const notificationContext = (db: Db, env: Record<string, string> = {}): ServerContext =>
  eventContext(db, env);

/** Runs the event consumer with the notifications domain's handlers until the queue is empty. */
export async function drain(ctx: ServerContext): Promise<void> {
  await drainEvents(ctx, eventRegistryOf([notificationsDomain]), testOptions(ctx, { batchSize: 20 }));
}

export type RuleFields = {
  name?: string;
  events?: string[];
  filter?: string;
  title?: string;
  template?: string;
  url?: string;
  connection?: string;
  person_id?: string;
  team_id?: string;
  repeat_interval?: string;
  /** Milliseconds (stored as nanoseconds). */
  wait_for_ms?: number;
  group_by?: string[];
};

let ruleNumber = 0;

/** A rule written straight into the table (the write hook has tests of its own). */
export async function addRule(db: Db, f: RuleFields): Promise<string> {
  const services = f.url ? [{ url: f.url }] : f.connection ? [{ connection: f.connection }] : null;
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO notifications (name, events, filter, title, template, custom_services, person_id, team_id,
       repeat_interval, wait_for, group_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [
      f.name ?? `rule-${++ruleNumber}`,
      f.events ?? ['check.failed'],
      f.filter ?? null,
      f.title ?? null,
      f.template ?? null,
      services ? JSON.stringify(services) : null,
      f.person_id ?? null,
      f.team_id ?? null,
      f.repeat_interval ?? null,
      f.wait_for_ms === undefined ? null : f.wait_for_ms * 1_000_000,
      f.group_by ?? null,
    ],
  );
  return rows[0]!.id;
}

/** A canary with one HTTP check, healthy; returns the check's id. */
export async function addCheck(
  db: Db,
  name: string,
  labels: Record<string, string> = {},
): Promise<{ checkId: string; canaryId: string }> {
  const canary = await db.query<{ id: string }>(
    `INSERT INTO canaries (name, namespace) VALUES ($1, 'shop') RETURNING id`,
    [`canary-${name}`],
  );
  const canaryId = canary.rows[0]!.id;
  const check = await db.query<{ id: string }>(
    `INSERT INTO checks (canary_id, name, type, namespace, labels, status)
     VALUES ($1, $2, 'http', 'shop', $3, 'healthy') RETURNING id`,
    [canaryId, name, JSON.stringify(labels)],
  );
  return { checkId: check.rows[0]!.id, canaryId };
}

/** Sets a check's status as a run would (the trigger queues check.failed / check.passed). */
export async function setCheckStatus(
  db: Db,
  checkId: string,
  status: 'healthy' | 'unhealthy',
): Promise<void> {
  await db.query('UPDATE checks SET status = $2 WHERE id = $1', [checkId, status]);
}

export type HistoryRow = {
  id: string;
  notification_id: string;
  status: string;
  recipient: string | null;
  count: number;
  error: string | null;
  body: string | null;
  silenced_by: string | null;
  source_event: string;
  resource_id: string;
  resource: { id: string; name: string; type?: string };
  duration_millis: number | null;
};

export async function history(db: Db, notificationId?: string): Promise<HistoryRow[]> {
  const { rows } = await db.query<HistoryRow>(
    `SELECT id, notification_id, status, recipient, count, error, body, silenced_by, source_event, resource_id,
       resource, duration_millis
     FROM notification_send_history WHERE $1::uuid IS NULL OR notification_id = $1 ORDER BY first_observed, id`,
    [notificationId ?? null],
  );
  return rows;
}

/** Clears what a previous test left: rules, history, silences, resources and queued events. */
export async function resetTables(db: Db): Promise<void> {
  await db.exec(`
    DELETE FROM event_queue;
    DELETE FROM notification_send_history;
    DELETE FROM notification_silences;
    DELETE FROM notifications;
    DELETE FROM check_statuses;
    DELETE FROM checks;
    DELETE FROM canaries;
    DELETE FROM config_items;
  `);
}
