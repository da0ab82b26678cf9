import path from 'node:path';
import { z } from 'zod';

/**
 * The one typed configuration. This is the only module that reads process.env;
 * everything else receives a Config. Every variable here is listed in README.md.
 */
const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO: boolFromEnv.default(false),
  WEB_DIR: z.string().optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  DB_MAX_ROWS: z.coerce.number().int().min(1).default(10000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10000),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  demo: boolean;
  /** Folder holding the built web app; undefined means "next to the server build". */
  webDir: string | undefined;
  db: { statementTimeoutMs: number; maxRows: number; poolSize: number };
  shutdownTimeoutMs: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    demo: e.DEMO,
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : undefined,
    db: { statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS, maxRows: e.DB_MAX_ROWS, poolSize: e.DB_POOL_SIZE },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    ...overrides,
  };
}
