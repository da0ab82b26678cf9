import type { SeedModule } from '../seed/types.js';

const PEOPLE = [
  { name: 'Maya Okafor', email: 'maya.okafor@example.com', role: 'commander' },
  { name: 'Lars Eriksen', email: 'lars.eriksen@example.com', role: 'responder' },
  { name: 'Priya Raman', email: 'priya.raman@example.com', role: 'editor' },
  { name: 'Tomás Aguilar', email: 'tomas.aguilar@example.com', role: 'responder' },
  { name: 'Hana Sato', email: 'hana.sato@example.com', role: 'viewer' },
];

const TEAMS = [
  { name: 'Platform', icon: 'kubernetes', members: ['maya.okafor@example.com', 'priya.raman@example.com'] },
  { name: 'Payments', icon: 'database', members: ['lars.eriksen@example.com', 'tomas.aguilar@example.com'] },
  { name: 'Edge', icon: 'network', members: ['hana.sato@example.com', 'maya.okafor@example.com'] },
];

/** Demo people with roles, and teams with members. */
export const peopleSeed: SeedModule = {
  name: 'people',
  async run(tx) {
    for (const p of PEOPLE) {
      const { rows } = await tx.query<{ id: string }>(
        'INSERT INTO people (name, email) VALUES ($1, $2) RETURNING id',
        [p.name, p.email],
      );
      await tx.query('INSERT INTO person_roles (person_id, role) VALUES ($1, $2)', [rows[0]?.id, p.role]);
    }
    for (const t of TEAMS) {
      const { rows } = await tx.query<{ id: string }>(
        "INSERT INTO teams (name, icon, source) VALUES ($1, $2, 'demo') RETURNING id",
        [t.name, t.icon],
      );
      await tx.query(
        `INSERT INTO team_members (team_id, person_id)
         SELECT $1, id FROM people WHERE email = ANY($2::text[])`,
        [rows[0]?.id, t.members],
      );
    }
  },
};

/** Feature flags the demo shows on Settings › Feature Flags: every area on, with how to turn it off. */
const FLAGS = [
  { name: 'incidents.disable', description: 'Set to true to hide Incidents' },
  { name: 'logs.disable', description: 'Set to true to hide Logs and the Log Backends settings' },
  { name: 'settings.integrations.disable', description: 'Set to true to hide Settings › Integrations' },
];

/** Runs on older demo databases too (upgrade), without touching a flag someone already set. */
export const featureFlagsSeed: SeedModule = {
  name: 'feature-flags-demo',
  upgrade: true,
  async run(tx) {
    for (const f of FLAGS) {
      await tx.query(
        `INSERT INTO properties (name, value, description, source, created_by)
         VALUES ($1, 'false', $2, 'demo', (SELECT id FROM people WHERE email = 'priya.raman@example.com'))
         ON CONFLICT (name) DO NOTHING`,
        [f.name, f.description],
      );
    }
  },
};
