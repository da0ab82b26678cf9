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
