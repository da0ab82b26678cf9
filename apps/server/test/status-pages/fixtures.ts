import type { Db } from '../../src/db/types.js';

/** The ids of the rows `seedStatusWorld` makes, for the tests' own checks (never for requests). */
export type StatusWorld = {
  checks: Record<'api1' | 'api2' | 'secret', string>;
  components: Record<'payments' | 'vault', string>;
  incidents: Record<'chosen' | 'other' | 'quiet', string>;
};

async function one(db: Db, sql: string, params: unknown[] = []): Promise<string> {
  const { rows } = await db.query<{ id: string }>(sql, params);
  const id = rows[0]?.id;
  if (!id) throw new Error(`no row from ${sql}`);
  return id;
}

/**
 * Checks `api-one` (healthy), `api-two` (unhealthy), `secret-db`; components `payments`
 * (warning, related to api-one) and `internal-vault`; daily roll-ups; and three incidents: one
 * about api-two with a public update and an ordinary comment, one about secret-db with a public
 * update, one about payments with only an ordinary comment.
 */
export async function seedStatusWorld(db: Db, by: string): Promise<StatusWorld> {
  const canary = await one(db, `INSERT INTO canaries (name, namespace) VALUES ('web', 'prod') RETURNING id`);
  const check = (name: string, status: string, labels: Record<string, string>) =>
    one(
      db,
      `INSERT INTO checks (canary_id, name, namespace, type, status, labels) VALUES ($1, $2, 'prod', 'http', $3, $4) RETURNING id`,
      [canary, name, status, JSON.stringify(labels)],
    );
  const api1 = await check('api-one', 'healthy', { tier: 'public', team: 'web' });
  const api2 = await check('api-two', 'unhealthy', { tier: 'public' });
  const secret = await check('secret-db', 'unhealthy', { tier: 'internal' });
  const topology = await one(db, `INSERT INTO topologies (name) VALUES ('shop') RETURNING id`);
  const component = (name: string, status: string) =>
    one(
      db,
      `INSERT INTO components (topology_id, name, type, status, labels) VALUES ($1, $2, 'Service', $3, '{}') RETURNING id`,
      [topology, name, status],
    );
  const payments = await component('payments', 'warning');
  const vault = await component('internal-vault', 'unhealthy');
  await db.query(
    `INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ($1, $2, $3)`,
    [payments, api1, canary],
  );
  // Yesterday: api-one 3 of 4 passed; today: all passed. secret-db: failures. Two days ago
  // api-one ran only under maintenance; three days ago api-two failed besides its maintenance.
  for (const [id, daysAgo, passed, failed, maintenance] of [
    [api1, 1, 3, 1, 0],
    [api1, 0, 5, 0, 0],
    [api1, 2, 0, 0, 4],
    [api2, 0, 0, 2, 0],
    [api2, 3, 0, 1, 3],
    [secret, 0, 0, 9, 0],
  ] as const) {
    await db.query(
      `INSERT INTO check_statuses_1d (check_id, time, passed, failed, maintenance, duration_sum, duration_max)
       VALUES ($1, date_trunc('day', now()) - make_interval(days => $2), $3, $4, $5, 10, 5)`,
      [id, daysAgo, passed, failed, maintenance],
    );
  }
  const incident = async (title: string, about: { check?: string; component?: string }) => {
    const id = await one(
      db,
      `INSERT INTO incidents (title, status, created_by) VALUES ($1, 'open', $2) RETURNING id`,
      [title, by],
    );
    const h = await one(
      db,
      `INSERT INTO hypotheses (incident_id, type, title, created_by) VALUES ($1, 'root', 'cause', $2) RETURNING id`,
      [id, by],
    );
    await db.query(
      `INSERT INTO evidences (hypothesis_id, type, check_id, component_id, description) VALUES ($1, $2, $3, $4, 'evidence')`,
      [h, about.check ? 'check' : 'topology', about.check ?? null, about.component ?? null],
    );
    return id;
  };
  const chosen = await incident('Checkout errors', { check: api2 });
  const other = await incident('Vault credentials rotated', { check: secret });
  const quiet = await incident('Payments slow', { component: payments });
  const comment = (incidentId: string, text: string, kind: string) =>
    db.query(`INSERT INTO comments (incident_id, comment, kind, created_by) VALUES ($1, $2, $3, $4)`, [
      incidentId,
      text,
      kind,
      by,
    ]);
  await comment(chosen, 'We are looking into failed checkouts.', 'public_update');
  await comment(chosen, 'internal note: the db password is hunter2', 'comment');
  await comment(other, 'SECRET-UPDATE about the vault', 'public_update');
  await comment(quiet, 'quiet internal remark', 'comment');
  return {
    checks: { api1, api2, secret },
    components: { payments, vault },
    incidents: { chosen, other, quiet },
  };
}

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/**
 * Maintenance windows as an editor saves them (the data API), by what the page should do with
 * them: under way over payments, a one-off and a nightly one over chosen checks (listed), one
 * over the vault and secret-db only and one three weeks ahead (not listed).
 */
export const WINDOWS = {
  active: {
    name: 'Payments failover',
    description: 'Switching payment providers',
    starts_at: at(-1),
    ends_at: at(1),
    selectors: [{ name: 'payments', resourceTypes: ['component'] }],
  },
  oneOff: {
    name: 'Database upgrade',
    description: 'Moving to a larger server',
    starts_at: at(48),
    ends_at: at(50),
    selectors: [{ name: 'api-two', resourceTypes: ['check'] }],
  },
  nightly: {
    name: 'Nightly patching',
    // Its occurrences start from an hour on, so none is under way whenever the tests run.
    starts_at: at(1),
    schedule: '0 3 * * *',
    duration: '1h',
    time_zone: 'Europe/Berlin',
    selectors: [{ name: 'api-one', resourceTypes: ['check'] }],
  },
  outside: {
    name: 'SECRET-WINDOW vault',
    description: 'SECRET-MAINT-DESC',
    starts_at: at(2),
    ends_at: at(3),
    selectors: [{ name: 'internal-vault' }, { name: 'secret-db' }],
  },
  later: {
    name: 'Far-off move',
    description: 'Three weeks ahead',
    starts_at: at(21 * 24),
    ends_at: at(21 * 24 + 2),
    selectors: [{ name: 'api-*', resourceTypes: ['check'] }],
  },
};

/** The page the tests publish: public API checks by label, and payments by name. */
export const PAGE = {
  slug: 'shop',
  title: 'Shop status',
  description: 'How the shop is doing',
  groups: [
    { name: 'API', selectors: [{ kind: 'check', name: 'api-*', labelSelector: 'tier=public' }] },
    { name: 'Payments', selectors: [{ kind: 'component', name: 'paym*' }] },
  ],
};
