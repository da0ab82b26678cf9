import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrorOf } from '../../src/db/error-words.js';
import type { PgError } from '../../src/db/types.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';

const pgError = (fields: Partial<PgError>): PgError =>
  Object.assign(new Error(fields.message ?? 'x'), fields);

describe('database errors in words', () => {
  it('names the taken name and namespace, leaving out the agent', () => {
    const e = pgError({
      code: '23505',
      table: 'config_scrapers',
      detail: `Key (agent_id, COALESCE(namespace, ''::text), name)=(00000000-0000-0000-0000-000000000000, ops, kube) already exists.`,
    });
    expect(fieldErrorOf(e)).toEqual({
      status: 409,
      message: 'a scraper named "kube" already exists in namespace "ops"',
      fields: ['namespace', 'name'],
    });
  });

  it('still names the fields when a value holds the separator', () => {
    const e = pgError({ code: '23505', table: 'teams', detail: 'Key (name)=(a, b) already exists.' });
    expect(fieldErrorOf(e)).toMatchObject({
      message: 'a team with this name already exists',
      fields: ['name'],
    });
  });

  it('says which field a missing value or a dangling reference is about', () => {
    expect(fieldErrorOf(pgError({ code: '23502', column: 'title', table: 'incidents' }))).toEqual({
      status: 400,
      message: 'title: a value is required',
      fields: ['title'],
    });
    const fk = pgError({
      code: '23503',
      table: 'checks',
      detail: 'Key (canary_id)=(7) is not present in table "canaries".',
    });
    expect(fieldErrorOf(fk)).toEqual({
      status: 409,
      message: 'canary_id: no health check with this id exists',
      fields: ['canary_id'],
    });
  });
});

describe.each(DB_KINDS)('a form that saves a taken name, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const post = (table: string, body: Record<string, unknown>) =>
    fetch(`${server.baseUrl}/api/db/${table}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('gets a 409 naming the health check, its namespace and the fields, not the constraint', async () => {
    const canary = {
      name: 'web',
      namespace: 'shop',
      spec: { http: [{ name: 'home', url: 'http://127.0.0.1:1' }] },
    };
    expect((await post('canaries', canary)).status).toBe(201);
    const again = await post('canaries', canary);
    expect(again.status).toBe(409);
    const body = (await again.json()) as { message: string; fields: string[]; code: string };
    expect(body).toMatchObject({
      code: '23505',
      message: 'a health check named "web" already exists in namespace "shop"',
      fields: ['namespace', 'name'],
    });
    expect(body.message).not.toContain('canaries_name_key');
  });

  it('names the connection that already exists', async () => {
    const connection = { name: 'api', namespace: 'default', type: 'http', url: 'http://127.0.0.1:1' };
    expect((await post('connections', connection)).status).toBe(201);
    const again = await post('connections', connection);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      message: 'a connection named "api" already exists in namespace "default"',
      fields: ['name', 'namespace'],
    });
  });
});
