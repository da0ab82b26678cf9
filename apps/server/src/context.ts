import type { FastifyBaseLogger } from 'fastify';
import type { DataAccessHook } from './access.js';
import type { Config } from './config.js';
import type { Db } from './db/types.js';
import type { Metrics } from './platform/metrics.js';

/** What every server domain receives: configuration, database, logger and metrics. */
export type ServerContext = {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** Authorization of /api/db tables and functions (see access.ts). */
  dataAccess: DataAccessHook;
  /**
   * Base URL for links sent to people: PUBLIC_URL, else the listen address with the bound
   * port (see public-url.ts). Never derived from a request's Host header.
   */
  publicBaseUrl(): string;
};
