import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.js';
import { peopleSeed } from './people.js';
import { healthFileRootsSeed, healthSeed } from '../health/seed.js';
import { catalogFileRootsSeed, catalogSeed } from '../catalog/demo/seed.js';
import { topologySeed } from '../topology/seed.js';
import type { SeedModule } from './types.js';

/** Every area appends its module here, after the modules whose rows it refers to. */
export const seedModules: SeedModule[] = [
  peopleSeed,
  healthSeed,
  catalogSeed,
  topologySeed,
  healthFileRootsSeed,
  catalogFileRootsSeed,
];

/** Runs the demo modules this database has not had yet; returns the names that ran. */
export async function runSeeds(db: Db, log: FastifyBaseLogger, modules = seedModules): Promise<string[]> {
  const { rows } = await db.query<{ module: string }>('SELECT module FROM demo_seeds');
  const done = new Set(rows.map((r) => r.module));
  const ran: string[] = [];
  for (const m of modules) {
    if (done.has(m.name)) continue;
    await db.transaction(async (tx) => {
      await m.run(tx, log);
      await tx.query('INSERT INTO demo_seeds (module) VALUES ($1)', [m.name]);
    });
    log.info(`demo data: seeded ${m.name}`);
    ran.push(m.name);
  }
  return ran;
}
