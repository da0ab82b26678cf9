import fs from 'node:fs';
import path from 'node:path';
import { EMAIL_PATTERN, parseDuration } from '@opsdeck/shared';
import { z } from 'zod';
import { parseOidcEnv, type OidcConfig } from './config-oidc.js';
import { parseRetention, type RetentionConfig } from './config-retention.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

/**
 * The one typed configuration. This is the only module that reads process.env;
 * everything else receives a Config. Every variable here is listed in README.md.
 */
const boolFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The charts folder of flanksource/mission-control-registry, as raw files. */
const DEFAULT_CHART_REGISTRY_URL =
  'https://raw.githubusercontent.com/flanksource/mission-control-registry/main/charts';

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
  SUMMARY_SHARE: z.string().default('5s'),
  // Public status pages (docs/status-pages.md): answers reused for this long, and requests per
  // client address and minute.
  STATUS_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  STATUS_PAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(16),
  CHECK_RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
  // How long rows of each growing table are kept (config-retention.ts; docs/deploy.md).
  RETENTION_CHECK_STATUSES: z.string().optional(),
  RETENTION_CONFIG_CHANGES: z.string().optional(),
  RETENTION_DELETED_CONFIG_ITEMS: z.string().optional(),
  RETENTION_FAILED_EVENTS: z.string().optional(),
  RETENTION_NOTIFICATION_HISTORY: z.string().optional(),
  RETENTION_PLAYBOOK_RUNS: z.string().optional(),
  RETENTION_JOB_HISTORY: z.string().optional(),
  // Behind a reverse proxy (trust-proxy.ts): whose X-Forwarded-* headers to believe.
  TRUST_PROXY: z.string().optional(),
  // /metrics: served to anyone without it; with it only to `Authorization: Bearer <token>`.
  METRICS_TOKEN: z.string().min(16).optional(),
  // The event consumer (docs/events.md).
  EVENT_BACKOFF_BASE: z.string().default('60s'),
  EVENT_MAX_RETRIES: z.coerce.number().int().min(0).max(20).default(3),
  EVENT_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  EVENT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  EVENT_HANDLER_TIMEOUT: z.string().default('2m'),
  // Notifications (docs/notifications.md): sends per rule within the window.
  PLAYBOOK_RUN_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(20),
  NOTIFICATION_RATE_LIMIT: z.coerce.number().int().min(1).default(50),
  NOTIFICATION_RATE_WINDOW: z.string().default('4h'),
  // Code and files the server touches for specs (docs/security.md): one switch for all scripts.
  DISABLE_EXEC: boolFromEnv.default(false),
  DISABLE_EXEC_CHECKS: boolFromEnv.default(false),
  EXEC_USER: z
    .string()
    .regex(/^[\w.-]+(:[\w.-]+)?$/, 'expected a user name or uid, optionally :group')
    .default('nobody'),
  ALLOW_UNISOLATED_SCRIPTS: boolFromEnv.default(false),
  FILE_ROOTS: z.string().optional(),
  // Peers named in specs (net/outbound.ts): link-local/metadata refused unless allowed.
  OUTBOUND_ALLOW_LINK_LOCAL: boolFromEnv.default(false),
  OUTBOUND_DENY_PRIVATE: boolFromEnv.default(false),
  OUTBOUND_DENY_LOOPBACK: boolFromEnv.default(false),
  // The public chart registry of the Add Integration modal (integrations/); empty: the bundled charts only.
  CHART_REGISTRY_URL: z
    .union([
      z.literal(''),
      z
        .string()
        .url()
        .refine((u) => /^https?:\/\//i.test(u), 'must be an http or https URL'),
    ])
    .default(DEFAULT_CHART_REGISTRY_URL),
  // Agent mode (docs/agents.md): push to an upstream Opsdeck.
  // One upstream, or several (replicas of one console) separated by commas.
  UPSTREAM_URL: z
    .string()
    .refine(
      (v) =>
        upstreamUrls(v).length > 0 && upstreamUrls(v).every((u) => z.string().url().safeParse(u).success),
      'expected a URL, or several separated by commas',
    )
    .optional(),
  UPSTREAM_TOKEN: z.string().min(1).optional(),
  AGENT_NAME: z.string().min(1).optional(),
  UPSTREAM_PAGE_SIZE: z.coerce.number().int().min(1).max(10000).default(5000),
  // Identity and access (docs/identity.md).
  AUTH_MODE: z.enum(['builtin', 'none', 'kratos', 'oidc']).default('builtin'),
  APP_MODE: z.enum(['full', 'checker']).default('full'),
  ROLE: z.enum(['all', 'api', 'worker'], { message: 'ROLE must be all, api or worker' }).default('all'),
  ALLOW_INSECURE: boolFromEnv.default(false),
  // Local addresses such as admin@localhost are fine: no TLD required.
  ADMIN_EMAIL: z.string().regex(EMAIL_PATTERN, 'expected an email address').default('admin@localhost'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  AUTH_REGISTRATION: boolFromEnv.default(false),
  KRATOS_URL: z.string().url().optional(),
  KRATOS_TIMEOUT: z.string().default('5s'),
  // AUTH_MODE=oidc (config-oidc.ts checks them together).
  OIDC_ISSUER: z.string().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_SCOPES: z.string().default('openid profile email'),
  OIDC_ROLE_CLAIM: z.string().optional(),
  OIDC_ROLE_MAP: z.string().optional(),
  OIDC_ORG_CLAIM: z.string().optional(),
  ORGANISATIONS: z.string().optional(),
  OIDC_PROVIDER_NAME: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_IDLE_TIMEOUT: z.string().default('24h'),
  SESSION_LIFETIME: z.string().default('720h'),
  SESSION_PRIVILEGED_MAX_AGE: z.string().default('15m'),
  SESSION_CACHE: z.string().default('5s'),
  AUTH_FLOW_LIFETIME: z.string().default('1h'),
  AUTH_RATE_LIMIT_ACCOUNT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_LIMIT_IP: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_WINDOW: z.string().default('15m'),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().min(3).default('Opsdeck <opsdeck@localhost>'),
  SECRET_KEY: z.string().min(16).optional(),
  // The same key read from a file (a compose or orchestrator secret), so it is not in the environment.
  SECRET_KEY_FILE: z.string().min(1).optional(),
  PROPERTIES_FILE: z.string().optional(),
});

/** SECRET_KEY, or the contents of SECRET_KEY_FILE (one trailing newline dropped). */
function readSecretKey(value: string | undefined, file: string | undefined): string | undefined {
  if (file === undefined) return value;
  if (value !== undefined)
    throw new ConfigError(
      'Invalid configuration:\n  SECRET_KEY_FILE: set SECRET_KEY or SECRET_KEY_FILE, not both',
    );
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    throw new ConfigError(`Invalid configuration:\n  SECRET_KEY_FILE: cannot read ${file} (${code})`);
  }
  const key = text.replace(/\r?\n$/, '');
  if (key.length < 16)
    throw new ConfigError(
      `Invalid configuration:\n  SECRET_KEY_FILE: the key in ${file} is shorter than 16 characters`,
    );
  return key;
}

/** FILE_ROOTS: absolute folders separated by commas or the path delimiter (`:`). */
function parseFileRoots(value: string): string[] {
  const roots = value
    .split(new RegExp(`[,${path.delimiter}]`))
    .map((r) => r.trim())
    .filter((r) => r !== '');
  const relative = roots.find((r) => !path.isAbsolute(r));
  if (relative)
    throw new ConfigError(`Invalid configuration:\n  FILE_ROOTS: "${relative}" is not an absolute path`);
  return roots.map((r) => path.resolve(r));
}

export type SandboxConfig = {
  /** DISABLE_EXEC (or DISABLE_EXEC_CHECKS): no script runs on this server. */
  execDisabled: boolean;
  /** EXEC_USER: the account scripts run as when the server runs as root. */
  execUser: string;
  /**
   * ALLOW_UNISOLATED_SCRIPTS: when bubblewrap cannot isolate scripts on this machine, run them
   * without isolation (unsafe) instead of refusing them.
   */
  allowUnisolated: boolean;
  /** bubblewrap, which isolates every script (sandbox/isolation.ts); not an env variable. */
  bwrapPath: string;
  /** FILE_ROOTS; undefined means the defaults, DATA_DIR/files and the bundled demo folder. */
  fileRoots: string[] | undefined;
};

export type AuthMode = 'builtin' | 'none' | 'kratos' | 'oidc';

export type AuthConfig = {
  mode: AuthMode;
  allowInsecure: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
  registration: boolean;
  kratosUrl: string | undefined;
  /** How long a call to Kratos may take before the request gets a 503 (sessions) or 504 (proxy). */
  kratosTimeoutMs: number;
  /** AUTH_MODE=oidc: the issuer and client; undefined in the other modes. */
  oidc: OidcConfig | undefined;
  publicUrl: string | undefined;
  sessionIdleMs: number;
  sessionLifetimeMs: number;
  privilegedMaxAgeMs: number;
  /**
   * How long a checked session may be reused from memory (0: never); any change to sessions,
   * roles or people empties the cache at once (auth/session-cache.ts).
   */
  sessionCacheMs: number;
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
  /**
   * How long one health summary or topology tree is shared between the users asking for it
   * (0: only requests in flight together share); any visible change ends the sharing at once
   * (db/shared-results.ts).
   */
  summaryShareMs: number;
  /** Public status pages: how long an answer is reused, requests per client IP per minute. */
  statusPages: { cacheMs: number; ratePerMinute: number };
  health: { checkConcurrency: number };
  /** How long each growing table keeps its rows; null keeps everything (config-retention.ts). */
  retention: RetentionConfig;
  /** TRUST_PROXY: whose forwarded headers give the client address and protocol. */
  trustProxy: TrustProxy;
  /** METRICS_TOKEN: the bearer token /metrics asks for; undefined serves it to anyone. */
  metricsToken: string | undefined;
  /** The event consumer: retry back-off (base × attempts⁵), retries, batch size, handler time limit. */
  events: {
    backoffBaseMs: number;
    maxRetries: number;
    batchSize: number;
    handlerTimeoutMs: number;
    concurrency: number;
  };
  /** Notification sends per rule allowed within the window (docs/notifications.md). */
  notifications: { rateLimit: number; rateWindowMs: number };
  /** The playbook run engine: runs in flight at once per process (docs/playbooks.md). */
  playbooks: { runConcurrency: number };
  /** Scripts run for specs, and the folders file readers may read (docs/security.md). */
  sandbox: SandboxConfig;
  /** Which peers checks and scrapers may connect to (net/outbound.ts, docs/security.md). */
  outbound: { allowLinkLocal: boolean; denyPrivate: boolean; denyLoopback: boolean };
  /**
   * Where the Add Integration modal's chart definitions are fetched from (`<url>/<chart>/Chart.yaml`,
   * `…/values.schema.json`; integrations/); undefined: the bundled copies only.
   */
  integrations: { chartRegistryUrl: string | undefined };
  appMode: 'full' | 'checker';
  /**
   * What this process does (docs/deploy.md, Scaling): `all` serves the API and runs the
   * background jobs; `api` only serves; `worker` only runs the jobs (checks, scrapes, events,
   * playbooks, agent pushes) and answers probes, so API and worker replicas scale apart.
   */
  role: 'all' | 'api' | 'worker';
  /** Agent mode: the upstream this server pushes to; undefined on a server that is no agent. */
  agent: AgentConfig | undefined;
  auth: AuthConfig;
};

export type AgentConfig = {
  /** The upstream's addresses (replicas of one console): the agent uses one and moves on when it fails. */
  upstreamUrls: string[];
  token: string;
  name: string | undefined;
  pageSize: number;
};

/** UPSTREAM_URL's addresses: comma-separated, trailing slashes dropped. */
function upstreamUrls(value: string): string[] {
  return value
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

export class ConfigError extends Error {}

/** localhost, 127.0.0.0/8 or ::1 (a URL's hostname may come with IPv6 brackets). */
function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h);
}

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
    KRATOS_TIMEOUT: e.KRATOS_TIMEOUT,
    EVENT_HANDLER_TIMEOUT: e.EVENT_HANDLER_TIMEOUT,
    NOTIFICATION_RATE_WINDOW: e.NOTIFICATION_RATE_WINDOW,
  };
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if ('error' in trustProxy)
    throw new ConfigError(`Invalid configuration:\n  TRUST_PROXY: ${trustProxy.error}`);
  const retention = parseRetention(e);
  if (typeof retention === 'string') throw new ConfigError(`Invalid configuration:\n  ${retention}`);
  const ms: Record<string, number> = {};
  for (const [name, value] of Object.entries(durations)) {
    // A plain number is seconds here, as it always was.
    const parsedMs = Math.round(parseDuration(value, { defaultUnit: 's' }) ?? 0);
    if (!parsedMs)
      throw new ConfigError(`Invalid configuration:\n  ${name}: expected a duration like 15m, 24h or 7d`);
    ms[name] = parsedMs;
  }
  // Unlike the durations above, 0 is allowed: retry at once.
  const eventBackoffBaseMs = parseDuration(e.EVENT_BACKOFF_BASE, { defaultUnit: 's' });
  if (eventBackoffBaseMs === undefined)
    throw new ConfigError(
      'Invalid configuration:\n  EVENT_BACKOFF_BASE: expected a duration like 60s, 5m or 0',
    );
  if (e.ROLE !== 'all' && !e.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration:\n  ROLE=${e.ROLE} needs DATABASE_URL (PostgreSQL): the embedded database ` +
        'belongs to one process, which must do everything (ROLE=all)',
    );
  const summaryShareMs = parseDuration(e.SUMMARY_SHARE, { defaultUnit: 's' });
  if (summaryShareMs === undefined || summaryShareMs > 60_000)
    throw new ConfigError(
      'Invalid configuration:\n  SUMMARY_SHARE: expected a duration from 0 to 60s, like 5s or 0',
    );
  // 0 turns the cache off (every request reads its session from the database).
  const sessionCacheMs = parseDuration(e.SESSION_CACHE, { defaultUnit: 's' });
  if (sessionCacheMs === undefined || sessionCacheMs > 60_000)
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_CACHE: expected a duration from 0 to 60s, like 5s or 0',
    );
  if (e.AUTH_MODE === 'none' && !isLoopbackHost(e.HOST) && !e.ALLOW_INSECURE) {
    throw new ConfigError(
      `Invalid configuration:\n  AUTH_MODE=none lets anyone who can reach the server act as admin: refusing HOST=${e.HOST}. ` +
        'Use HOST=127.0.0.1, or set ALLOW_INSECURE=true if this is really what you want.',
    );
  }
  if (e.AUTH_MODE === 'kratos' && !e.KRATOS_URL) {
    throw new ConfigError('Invalid configuration:\n  KRATOS_URL: required when AUTH_MODE=kratos');
  }
  if (e.UPSTREAM_URL && !e.UPSTREAM_TOKEN) {
    throw new ConfigError(
      'Invalid configuration:\n  UPSTREAM_TOKEN: required with UPSTREAM_URL (the agent access token the upstream generated)',
    );
  }
  // The agent sends its bearer token with every push: never in clear text across a network.
  if (e.UPSTREAM_URL && !e.ALLOW_INSECURE) {
    const clear = upstreamUrls(e.UPSTREAM_URL).map((u) => new URL(u));
    if (clear.some((upstream) => upstream.protocol !== 'https:' && !isLoopbackHost(upstream.hostname)))
      throw new ConfigError(
        `Invalid configuration:\n  UPSTREAM_URL: must be https (the agent's token would cross the network in clear text); plain http only for a loopback upstream, or with ALLOW_INSECURE=true`,
      );
  }
  let oidc: OidcConfig | undefined;
  if (e.AUTH_MODE === 'oidc') {
    const parsedOidc = parseOidcEnv(e);
    if (!parsedOidc.config)
      throw new ConfigError(`Invalid configuration:\n${parsedOidc.problems.map((p) => `  ${p}`).join('\n')}`);
    oidc = parsedOidc.config;
    // The callback address registered at the issuer is built from PUBLIC_URL, never from Host.
    if (!e.PUBLIC_URL)
      throw new ConfigError(
        'Invalid configuration:\n  PUBLIC_URL: required when AUTH_MODE=oidc (the redirect URI is {PUBLIC_URL}/api/auth/oidc/callback)',
      );
    if (oidc.issuer.protocol === 'http:' && !isLoopbackHost(oidc.issuer.hostname) && !e.ALLOW_INSECURE)
      throw new ConfigError(
        'Invalid configuration:\n  OIDC_ISSUER: must be https (plain http only for a loopback issuer, or with ALLOW_INSECURE=true)',
      );
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
    summaryShareMs: Math.round(summaryShareMs),
    statusPages: { cacheMs: e.STATUS_PAGE_CACHE_MS, ratePerMinute: e.STATUS_PAGE_RATE_LIMIT },
    health: { checkConcurrency: e.CHECK_CONCURRENCY },
    retention,
    trustProxy,
    metricsToken: e.METRICS_TOKEN,
    events: {
      backoffBaseMs: Math.round(eventBackoffBaseMs),
      maxRetries: e.EVENT_MAX_RETRIES,
      batchSize: e.EVENT_BATCH_SIZE,
      handlerTimeoutMs: ms.EVENT_HANDLER_TIMEOUT ?? 0,
      concurrency: e.EVENT_CONCURRENCY,
    },
    notifications: {
      rateLimit: e.NOTIFICATION_RATE_LIMIT,
      rateWindowMs: ms.NOTIFICATION_RATE_WINDOW ?? 0,
    },
    playbooks: { runConcurrency: e.PLAYBOOK_RUN_CONCURRENCY },
    sandbox: {
      execDisabled: e.DISABLE_EXEC || e.DISABLE_EXEC_CHECKS,
      execUser: e.EXEC_USER,
      allowUnisolated: e.ALLOW_UNISOLATED_SCRIPTS,
      bwrapPath: '/usr/bin/bwrap',
      fileRoots: e.FILE_ROOTS === undefined ? undefined : parseFileRoots(e.FILE_ROOTS),
    },
    outbound: {
      allowLinkLocal: e.OUTBOUND_ALLOW_LINK_LOCAL,
      denyPrivate: e.OUTBOUND_DENY_PRIVATE,
      denyLoopback: e.OUTBOUND_DENY_LOOPBACK,
    },
    integrations: { chartRegistryUrl: e.CHART_REGISTRY_URL.replace(/\/+$/, '') || undefined },
    appMode: e.APP_MODE,
    role: e.ROLE,
    agent:
      e.UPSTREAM_URL && e.UPSTREAM_TOKEN
        ? {
            upstreamUrls: upstreamUrls(e.UPSTREAM_URL),
            token: e.UPSTREAM_TOKEN,
            name: e.AGENT_NAME,
            pageSize: e.UPSTREAM_PAGE_SIZE,
          }
        : undefined,
    auth: {
      mode: e.AUTH_MODE,
      allowInsecure: e.ALLOW_INSECURE,
      adminEmail: e.ADMIN_EMAIL,
      adminPassword: e.ADMIN_PASSWORD,
      registration: e.AUTH_REGISTRATION,
      kratosUrl: e.KRATOS_URL,
      kratosTimeoutMs: ms.KRATOS_TIMEOUT ?? 0,
      oidc,
      publicUrl: e.PUBLIC_URL,
      sessionIdleMs: ms.SESSION_IDLE_TIMEOUT ?? 0,
      sessionLifetimeMs: ms.SESSION_LIFETIME ?? 0,
      privilegedMaxAgeMs: ms.SESSION_PRIVILEGED_MAX_AGE ?? 0,
      sessionCacheMs: Math.round(sessionCacheMs),
      flowLifetimeMs: ms.AUTH_FLOW_LIFETIME ?? 0,
      rateLimit: {
        perAccount: e.AUTH_RATE_LIMIT_ACCOUNT,
        perIp: e.AUTH_RATE_LIMIT_IP,
        windowMs: ms.AUTH_RATE_LIMIT_WINDOW ?? 0,
      },
      smtpUrl: e.SMTP_URL,
      smtpFrom: e.SMTP_FROM,
      secretKey: readSecretKey(e.SECRET_KEY, e.SECRET_KEY_FILE),
      propertiesFile: e.PROPERTIES_FILE ? path.resolve(e.PROPERTIES_FILE) : undefined,
    },
    ...overrides,
  };
}
