import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './pg-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the tests may create databases on. */
    pgUrl: string;
  }
}

/** Starts a throw-away PostgreSQL server for the test run (TEST_DATABASE_URL skips this). */
export default async function setup(project: TestProject): Promise<() => void> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgUrl', given);
    return () => {};
  }
  // Server tests run two files at once, each with its own pools.
  const server = await startThrowawayPostgres({ urlVariable: 'TEST_DATABASE_URL', maxConnections: 200 });
  project.provide('pgUrl', server.url);
  return () => server.stop();
}
