import type { Queryable } from '../db/types.js';
import type { SeedModule } from '../seed/types.js';

type DemoHypothesis = {
  title: string;
  status: string;
  /** Evidence: the demo check it points at (by name), else a comment. */
  evidence?: { description: string; check?: string; dod?: boolean; done?: boolean };
  children?: DemoHypothesis[];
};

type DemoIncident = {
  title: string;
  description: string;
  type: string;
  severity: string;
  /** Statuses it went through after open, oldest first. */
  statuses: string[];
  hoursAgo: number;
  commander: string;
  responders: string[];
  tree: DemoHypothesis;
  /** `public`: a public update, shown on the status pages whose members the incident concerns. */
  comments: { by: string; text: string; public?: boolean }[];
};

const INCIDENTS: DemoIncident[] = [
  {
    title: 'Payments API latency above 2 s',
    description: 'Checkout requests time out for about 8 % of customers since the last deploy.',
    type: 'performance',
    severity: 'high',
    // Open, so the incident list's default filter shows it on a fresh start.
    statuses: [],
    hoursAgo: 3,
    commander: 'maya.okafor@example.com',
    responders: ['lars.eriksen@example.com', 'tomas.aguilar@example.com'],
    tree: {
      title: 'Checkout requests are slow',
      status: 'proven',
      children: [
        {
          title: 'Ledger database connection pool exhausted',
          status: 'likely',
          evidence: { description: 'ledger-db check failing since 09:12', check: 'ledger-db', dod: true },
          children: [{ title: 'Raise the pool size to 50 and add a timeout', status: 'possible' }],
        },
        {
          title: 'The payments-api deploy of this morning',
          status: 'unlikely',
          evidence: { description: 'Deploy finished 40 minutes before the first alert' },
        },
      ],
    },
    comments: [
      {
        by: 'maya.okafor@example.com',
        text: 'Taking command. Lars, can you look at the ledger pool metrics?',
      },
      { by: 'lars.eriksen@example.com', text: 'Pool at 20/20 with 140 waiting. Looks like the cause.' },
    ],
  },
  {
    title: 'Status page certificate expiring in 5 days',
    description: 'The edge status-page check warned that the TLS certificate expires soon.',
    type: 'security',
    severity: 'medium',
    statuses: ['investigating', 'mitigated', 'resolved'],
    hoursAgo: 50,
    commander: 'hana.sato@example.com',
    responders: ['maya.okafor@example.com'],
    tree: {
      title: 'Certificate renewal did not run',
      status: 'proven',
      children: [
        {
          title: 'The renewal job lost its DNS credentials',
          status: 'proven',
          evidence: {
            description: 'status-page check passing again',
            check: 'status-page',
            dod: true,
            done: true,
          },
        },
      ],
    },
    comments: [
      {
        by: 'hana.sato@example.com',
        text: 'The certificate of our status address expires soon; we are renewing it. The shop is not affected.',
        public: true,
      },
      { by: 'hana.sato@example.com', text: 'Renewed by hand, credentials rotated. Resolving.' },
      { by: 'hana.sato@example.com', text: 'The certificate is renewed.', public: true },
    ],
  },
  {
    title: 'Cluster node under memory pressure',
    description: 'One node of the demo cluster evicted pods twice overnight.',
    type: 'reliability',
    severity: 'low',
    statuses: ['resolved', 'closed'],
    hoursAgo: 140,
    commander: 'priya.raman@example.com',
    responders: [],
    tree: { title: 'A batch job without memory limits', status: 'likely' },
    comments: [{ by: 'priya.raman@example.com', text: 'Limits added to the batch job; closing.' }],
  },
];

async function personId(tx: Queryable, email: string): Promise<string | null> {
  const { rows } = await tx.query<{ id: string }>('SELECT id FROM people WHERE email = $1', [email]);
  return rows[0]?.id ?? null;
}

async function addTree(
  tx: Queryable,
  incidentId: string,
  by: string | null,
  h: DemoHypothesis,
  parent: { id: string; type: string } | null,
): Promise<void> {
  const type = parent === null ? 'root' : parent.type === 'root' ? 'factor' : 'solution';
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO hypotheses (incident_id, parent_id, type, title, status, created_by)
     VALUES ($1, $2, $3, $4, 'possible', $5) RETURNING id`,
    [incidentId, parent?.id ?? null, type, h.title, by],
  );
  const id = rows[0]!.id;
  if (h.status !== 'possible')
    await tx.query('UPDATE hypotheses SET status = $2 WHERE id = $1', [id, h.status]);
  const e = h.evidence;
  if (e) {
    const { rows: check } = e.check
      ? await tx.query<{ id: string }>(
          'SELECT id FROM checks WHERE name = $1 AND deleted_at IS NULL LIMIT 1',
          [e.check],
        )
      : { rows: [] };
    const checkId = check[0]?.id ?? null;
    await tx.query(
      `INSERT INTO evidences (hypothesis_id, type, description, check_id, definition_of_done, done, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [id, checkId ? 'check' : 'comment', e.description, checkId, e.dod ?? false, e.done ?? null, by],
    );
  }
  for (const child of h.children ?? []) await addTree(tx, incidentId, by, child, { id, type });
}

async function addIncident(tx: Queryable, d: DemoIncident): Promise<void> {
  const commander = await personId(tx, d.commander);
  // Updates below are made on the commander's behalf, as the data API would record them.
  await tx.query(`SELECT set_config('opsdeck.actor', $1, true)`, [commander ?? '']);
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO incidents (title, description, type, severity, status, created_by, commander_id, created_at)
     VALUES ($1, $2, $3, $4, 'open', $5, $5, now() - make_interval(hours => $6)) RETURNING id`,
    [d.title, d.description, d.type, d.severity, commander, d.hoursAgo],
  );
  const id = rows[0]!.id;
  await addTree(tx, id, commander, d.tree, null);
  for (const email of d.responders) {
    await tx.query(
      `INSERT INTO responders (incident_id, type, person_id, properties, created_by)
       VALUES ($1, 'person', $2, '{"responderType":"person"}', $3)`,
      [id, await personId(tx, email), commander],
    );
  }
  for (const c of d.comments) {
    const root = await tx.query<{ id: string }>(
      `SELECT id FROM hypotheses WHERE incident_id = $1 AND type = 'root'`,
      [id],
    );
    await tx.query(
      `INSERT INTO comments (incident_id, hypothesis_id, comment, created_by, kind) VALUES ($1, $2, $3, $4, $5)`,
      [
        id,
        root.rows[0]?.id ?? null,
        c.text,
        await personId(tx, c.by),
        c.public ? 'public_update' : 'comment',
      ],
    );
  }
  for (const status of d.statuses)
    await tx.query('UPDATE incidents SET status = $2 WHERE id = $1', [id, status]);
  // Spread the changelog and the timeline over the incident's life, in the order they happened.
  await tx.query(
    `WITH span AS (SELECT created_at, least(now() - created_at, interval '2 hours') AS life FROM incidents WHERE id = $1),
       ordered AS (SELECT h.id, row_number() OVER (ORDER BY h.seq) AS n, count(*) OVER () AS total
                   FROM incident_histories h WHERE h.incident_id = $1)
     UPDATE incident_histories h SET created_at = span.created_at + span.life * (o.n::float8 / o.total)
     FROM ordered o, span WHERE h.id = o.id`,
    [id],
  );
  await tx.query(
    `UPDATE comments c SET created_at = h.created_at FROM incident_histories h
     WHERE h.comment_id = c.id AND c.incident_id = $1`,
    [id],
  );
  await tx.query(
    `UPDATE incidents i SET updated_at = (SELECT max(created_at) FROM incident_histories WHERE incident_id = i.id),
       resolved = CASE WHEN resolved IS NULL THEN NULL ELSE created_at + interval '90 minutes' END,
       closed = CASE WHEN closed IS NULL THEN NULL ELSE created_at + interval '2 hours' END
     WHERE id = $1`,
    [id],
  );
}

/**
 * Demo incidents with history: one open with a hypothesis tree, check evidence
 * and a discussion, one resolved and one closed — so the incident pages are not empty on a
 * fresh start. An upgrade module, so installs that had demo data before incidents get them too.
 */
export const demoIncidentsSeed: SeedModule = {
  name: 'incidents-demo',
  upgrade: true,
  async run(tx) {
    const { rows } = await tx.query(`SELECT 1 FROM people WHERE email = 'maya.okafor@example.com'`);
    if (rows.length === 0) return;
    for (const d of INCIDENTS) await addIncident(tx, d);
    await tx.query(`SELECT set_config('opsdeck.actor', '', true)`);
  },
};
