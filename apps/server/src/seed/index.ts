import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.js';
import type { SeedModule } from './types.js';

/**
 * Runs the demo modules this database has not had yet, in the order given (the domains'
 * seeds: `seedsOf(domains)`); returns the names that ran. Names are recorded in demo_seeds,
 * so a module's name never changes.
 */
export async function runSeeds(
  db: Db,
  log: FastifyBaseLogger,
  modules: readonly SeedModule[],
): Promise<string[]> {
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
