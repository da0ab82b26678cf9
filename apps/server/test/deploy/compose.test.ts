import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../../src/config.js';

/**
 * compose.yaml, the documented team set-up (Docker Compose cannot run here): its structure, and
 * the environment it gives the server read by the server's own configuration, as the container
 * would read it.
 */

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

type Service = {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[]; interval?: string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  secrets?: string[];
  ports?: string[];
  read_only?: boolean;
  tmpfs?: string[];
};
type Compose = {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  secrets: Record<string, { file: string }>;
};

const compose = parse(fs.readFileSync(path.join(REPO, 'compose.yaml'), 'utf8')) as Compose;
const opsdeck = compose.services.opsdeck as Service;
const postgres = compose.services.postgres as Service;

/** Compose's `${VAR}`, `${VAR:-default}` and `${VAR:?message}` with the given variables. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
    const v = vars[name];
    if (v !== undefined && v !== '') return v;
    if (op === '?') throw new Error(`${name}: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

/** ENV lines of the Dockerfile's last stage: what the container starts with. */
function imageEnv(): Record<string, string> {
  const text = fs.readFileSync(path.join(REPO, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const runtime = text.slice(text.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const line of runtime.split('\n').filter((l) => l.startsWith('ENV '))) {
    for (const m of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[m[1] ?? ''] = m[2] ?? '';
  }
  return env;
}

describe('compose.yaml (the team set-up)', () => {
  it('PostgreSQL 15 with a health check, and Opsdeck starting once it is healthy', () => {
    expect(postgres.image).toMatch(/^postgres:15(\b|-)/);
    expect(postgres.healthcheck?.test).toEqual(['CMD', 'pg_isready', '-U', 'opsdeck', '-d', 'opsdeck']);
    expect(postgres.environment).toMatchObject({ POSTGRES_DB: 'opsdeck', POSTGRES_USER: 'opsdeck' });
    expect(opsdeck.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    // Built from this repository's Dockerfile.
    expect(opsdeck.build).toBe('.');
    expect(fs.existsSync(path.join(REPO, 'Dockerfile'))).toBe(true);
  });

  it('named volumes for both databases, and a read-only root filesystem with /tmp for Opsdeck', () => {
    const named = (s: Service) => (s.volumes ?? []).map((v) => v.split(':'));
    expect(named(postgres)).toEqual([['postgres-data', '/var/lib/postgresql/data']]);
    expect(named(opsdeck)).toEqual([['opsdeck-data', imageEnv().DATA_DIR]]);
    expect(Object.keys(compose.volumes).sort()).toEqual(['opsdeck-data', 'postgres-data']);
    expect(opsdeck.read_only).toBe(true);
    expect(opsdeck.tmpfs).toEqual(['/tmp']);
  });

  it("Opsdeck's health check asks /readyz on the port the image listens on, which is the published one", () => {
    const port = imageEnv().PORT;
    expect(opsdeck.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${port}/readyz`);
    expect(opsdeck.ports).toEqual([`\${OPSDECK_PORT:-8080}:${port}`]);
  });

  it('every variable it sets is one the server reads, and the server starts with them: the database service and the key file', () => {
    const configSource = fs.readFileSync(path.join(REPO, 'apps/server/src/config.ts'), 'utf8');
    const known = new Set(
      [...configSource.matchAll(/^ {2}([A-Z][A-Z0-9_]+): (?:z\b|boolFromEnv\b)/gm)].map((m) => m[1]),
    );
    const environment = opsdeck.environment ?? {};
    expect(Object.keys(environment).filter((n) => !known.has(n))).toEqual([]);

    // The secret as compose mounts it: /run/secrets/<name>, from the file the secrets section names.
    expect(opsdeck.secrets).toEqual(['opsdeck_secret_key']);
    expect(compose.secrets.opsdeck_secret_key?.file).toBe('./secrets/opsdeck_secret_key');
    expect(environment.SECRET_KEY_FILE).toBe('/run/secrets/opsdeck_secret_key');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-compose-'));
    try {
      const keyFile = path.join(dir, 'opsdeck_secret_key');
      fs.writeFileSync(keyFile, 'a'.repeat(64) + '\n');
      const vars = { POSTGRES_PASSWORD: 'pw123' };
      const env = Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, interpolate(v, vars)]));
      const config = loadConfig({ ...imageEnv(), ...env, SECRET_KEY_FILE: keyFile });
      expect(config.databaseUrl).toBe('postgres://opsdeck:pw123@postgres:5432/opsdeck');
      expect(config.auth.secretKey).toBe('a'.repeat(64));
      expect(config.host).toBe('0.0.0.0');
      expect(config.auth.publicUrl).toBe('http://localhost:8080');
      // The same user and database as the PostgreSQL service, which is reached by its service name.
      const url = new URL(config.databaseUrl ?? '');
      expect([url.username, url.pathname.slice(1), url.hostname]).toEqual([
        postgres.environment?.POSTGRES_USER,
        postgres.environment?.POSTGRES_DB,
        'postgres',
      ]);
      // Without POSTGRES_PASSWORD compose stops with the message instead of starting a server without one.
      expect(() => interpolate(environment.DATABASE_URL ?? '', {})).toThrow(/set POSTGRES_PASSWORD in .env/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('scripts: isolated where the container allows it, else refused; ALLOW_UNISOLATED_SCRIPTS or DISABLE_EXEC from .env', () => {
    const environment = opsdeck.environment ?? {};
    const sandbox = (vars: Record<string, string>) => {
      const env = Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, interpolate(v, vars)]));
      // The key file exists only in the container; the key itself does not matter here.
      delete env.SECRET_KEY_FILE;
      return loadConfig({ ...imageEnv(), ...env, SECRET_KEY: 'k'.repeat(32) }).sandbox;
    };
    const vars = { POSTGRES_PASSWORD: 'pw' };
    expect(sandbox(vars)).toMatchObject({ execDisabled: false, allowUnisolated: false });
    expect(sandbox({ ...vars, ALLOW_UNISOLATED_SCRIPTS: 'true' })).toMatchObject({ allowUnisolated: true });
    expect(sandbox({ ...vars, DISABLE_EXEC: 'true' })).toMatchObject({ execDisabled: true });
    // The options bubblewrap needs are there to uncomment, all three.
    const text = fs.readFileSync(path.join(REPO, 'compose.yaml'), 'utf8');
    for (const option of ['seccomp=unconfined', 'apparmor=unconfined', 'systempaths=unconfined'])
      expect(text).toMatch(new RegExp(`^ +# +- ${option}`, 'm'));
  });

  it('keeps the secrets out of git and out of the image build', () => {
    for (const file of ['.gitignore', '.dockerignore']) {
      const lines = fs.readFileSync(path.join(REPO, file), 'utf8').split('\n');
      expect(
        lines.some((l) => /^\/?secrets\/?$/.test(l)),
        file,
      ).toBe(true);
      expect(lines, file).toContain('.env');
    }
  });
});

describe('SECRET_KEY_FILE', () => {
  const withFile = (content: string | undefined, env: Record<string, string> = {}) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-key-'));
    const file = path.join(dir, 'key');
    if (content !== undefined) fs.writeFileSync(file, content);
    try {
      return loadConfig({ ...env, SECRET_KEY_FILE: file }).auth.secretKey;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('reads the key from the file, without its trailing newline', () => {
    expect(withFile('0123456789abcdef0123\n')).toBe('0123456789abcdef0123');
    expect(loadConfig({ SECRET_KEY: '0123456789abcdef' }).auth.secretKey).toBe('0123456789abcdef');
  });

  it('refuses a missing file, a short key, and both variables at once, naming the variable', () => {
    expect(() => withFile(undefined)).toThrow(/SECRET_KEY_FILE: cannot read .*\(ENOENT\)/);
    expect(() => withFile('short\n')).toThrow(/SECRET_KEY_FILE: the key in .* is shorter than 16 characters/);
    expect(() => withFile('0123456789abcdef0123', { SECRET_KEY: '0123456789abcdef0123' })).toThrow(
      ConfigError,
    );
  });
});
