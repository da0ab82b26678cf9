import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/types.js';

/**
 * One area's demo data. Each module runs once per database (recorded in demo_seeds),
 * inside a transaction, after the modules listed before it.
 */
export type SeedModule = {
  name: string;
  run(tx: Queryable, log: FastifyBaseLogger): Promise<void>;
};
