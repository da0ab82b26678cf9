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
  CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  CHECK_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  DISABLE_EXEC_CHECKS: boolFromEnv.default(false),
  // Identity and access (docs/identity.md).
  AUTH_MODE: z.enum(['builtin', 'none', 'kratos']).default('builtin'),
  APP_MODE: z.enum(['full', 'checker']).default('full'),
  ALLOW_INSECURE: boolFromEnv.default(false),
  // Local addresses such as admin@localhost are fine: no TLD required.
  ADMIN_EMAIL: z
    .string()
    .regex(/^[^\s@]+@[^\s@]+$/, 'expected an email address')
    .default('admin@localhost'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  AUTH_REGISTRATION: boolFromEnv.default(false),
  KRATOS_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_IDLE_TIMEOUT: z.string().default('24h'),
  SESSION_LIFETIME: z.string().default('720h'),
  SESSION_PRIVILEGED_MAX_AGE: z.string().default('15m'),
  AUTH_FLOW_LIFETIME: z.string().default('1h'),
  AUTH_RATE_LIMIT_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_WINDOW: z.string().default('15m'),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().min(3).default('Opsdeck <opsdeck@localhost>'),
  SECRET_KEY: z.string().min(16).optional(),
  PROPERTIES_FILE: z.string().optional(),
});

/** "90s", "15m", "24h", "7d" or plain seconds, in milliseconds. */
export function parseDuration(value: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(value.trim());
  if (!m) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] ?? 's'] ?? 1000;
  return Math.round(Number(m[1]) * unit);
}

export type AuthMode = 'builtin' | 'none' | 'kratos';

export type AuthConfig = {
  mode: AuthMode;
  allowInsecure: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
  registration: boolean;
  kratosUrl: string | undefined;
  publicUrl: string | undefined;
  sessionIdleMs: number;
  sessionLifetimeMs: number;
  privilegedMaxAgeMs: number;
  flowLifetimeMs: number;
  rateLimit: { perAccount: number; perIp: number; windowMs: number };
  smtpUrl: string | undefined;
  smtpFrom: string;
  secretKey: string | undefined;
  propertiesFile: string | undefined;
};

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
  health: { checkConcurrency: number; checkRetentionDays: number; disableExecChecks: boolean };
  appMode: 'full' | 'checker';
  auth: AuthConfig;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const durations = {
    SESSION_IDLE_TIMEOUT: e.SESSION_IDLE_TIMEOUT,
    SESSION_LIFETIME: e.SESSION_LIFETIME,
    SESSION_PRIVILEGED_MAX_AGE: e.SESSION_PRIVILEGED_MAX_AGE,
    AUTH_FLOW_LIFETIME: e.AUTH_FLOW_LIFETIME,
    AUTH_RATE_LIMIT_WINDOW: e.AUTH_RATE_LIMIT_WINDOW,
  };
  const ms: Record<string, number> = {};
  for (const [name, value] of Object.entries(durations)) {
    const parsedMs = parseDuration(value);
    if (!parsedMs)
      throw new ConfigError(`Invalid configuration:\n  ${name}: expected a duration like 15m, 24h or 7d`);
    ms[name] = parsedMs;
  }
  const loopback = e.HOST === 'localhost' || e.HOST === '::1' || /^127\.\d+\.\d+\.\d+$/.test(e.HOST);
  if (e.AUTH_MODE === 'none' && !loopback && !e.ALLOW_INSECURE) {
    throw new ConfigError(
      `Invalid configuration:\n  AUTH_MODE=none lets anyone who can reach the server act as admin: refusing HOST=${e.HOST}. ` +
        'Use HOST=127.0.0.1, or set ALLOW_INSECURE=true if this is really what you want.',
    );
  }
  if (e.AUTH_MODE === 'kratos' && !e.KRATOS_URL) {
    throw new ConfigError('Invalid configuration:\n  KRATOS_URL: required when AUTH_MODE=kratos');
  }
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
    health: {
      checkConcurrency: e.CHECK_CONCURRENCY,
      checkRetentionDays: e.CHECK_RETENTION_DAYS,
      disableExecChecks: e.DISABLE_EXEC_CHECKS,
    },
    appMode: e.APP_MODE,
    auth: {
      mode: e.AUTH_MODE,
      allowInsecure: e.ALLOW_INSECURE,
      adminEmail: e.ADMIN_EMAIL,
      adminPassword: e.ADMIN_PASSWORD,
      registration: e.AUTH_REGISTRATION,
      kratosUrl: e.KRATOS_URL,
      publicUrl: e.PUBLIC_URL,
      sessionIdleMs: ms.SESSION_IDLE_TIMEOUT ?? 0,
      sessionLifetimeMs: ms.SESSION_LIFETIME ?? 0,
      privilegedMaxAgeMs: ms.SESSION_PRIVILEGED_MAX_AGE ?? 0,
      flowLifetimeMs: ms.AUTH_FLOW_LIFETIME ?? 0,
      rateLimit: {
        perAccount: e.AUTH_RATE_LIMIT_ACCOUNT,
        perIp: e.AUTH_RATE_LIMIT_IP,
        windowMs: ms.AUTH_RATE_LIMIT_WINDOW ?? 0,
      },
      smtpUrl: e.SMTP_URL,
      smtpFrom: e.SMTP_FROM,
      secretKey: e.SECRET_KEY,
      propertiesFile: e.PROPERTIES_FILE ? path.resolve(e.PROPERTIES_FILE) : undefined,
    },
    ...overrides,
  };
}
