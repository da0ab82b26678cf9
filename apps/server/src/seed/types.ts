import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/types.js';

/**
 * One area's demo data. Each module runs once per database (recorded in demo_seeds),
 * inside a transaction, after the modules listed before it.
 */
export type SeedModule = {
  name: string;
  /**
   * Brings demo rows an older install already has up to date. Runs after every domain's first
   * demo data (seedsOf in platform/domain.ts), so it finds those rows on any database.
   */
  upgrade?: boolean;
  run(tx: Queryable, log: FastifyBaseLogger): Promise<void>;
};
