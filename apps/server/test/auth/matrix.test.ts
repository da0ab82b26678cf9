import {
  ACTIONS,
  can,
  ROLES,
  RESOURCES,
  TABLE_ACCESS,
  type Action,
  type Resource,
  type Role,
} from '@opsdeck/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirePermission } from '../../src/auth/guard.js';
import { loadRoles } from '../../src/auth/roles.js';
import { DB_KINDS, signIn, startTestServer, type SignedIn, type TestServer } from '../helpers.js';

/** Server start-up migrates a fresh database; slow on a loaded machine. */
const START_TIMEOUT = 300_000;

/** Every cell of the matrix, generated from packages/shared/src/rbac.ts. */
const CELLS = ROLES.flatMap((role) =>
  RESOURCES.flatMap((resource) =>
    ACTIONS.map((action) => ({ role, resource, action, allowed: can([role], resource, action) })),
  ),
);

/** A data-API table guarded by the resource for the action, if one is exposed yet. */
function tableFor(resource: Resource, action: Action): string | undefined {
  return Object.entries(TABLE_ACCESS).find(
    ([, rule]) => (action === 'read' ? rule.read : rule.write) === resource,
  )?.[0];
}

const HTTP_CELLS = CELLS.filter((c) => tableFor(c.resource, c.action));
const HOOK_CELLS = CELLS.filter((c) => !tableFor(c.resource, c.action));

describe.each(DB_KINDS)('permission matrix over /api/db on %s', (kind) => {
  let server: TestServer;
  const users = new Map<Role, SignedIn>();
  const firstColumn = new Map<string, string>();
  beforeAll(async () => {
    server = await startTestServer(kind, {}, { AUTH_MODE: 'builtin' });
    for (const role of ROLES) users.set(role, await signIn(server, role));
    for (const table of new Set(HTTP_CELLS.map((c) => tableFor(c.resource, c.action) ?? ''))) {
      const { rows } = await server.db.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1
         ORDER BY ordinal_position LIMIT 1`,
        [table],
      );
      firstColumn.set(table, rows[0]?.column_name ?? 'id');
    }
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it.each(HTTP_CELLS)(
    '$role $action $resource → allowed: $allowed',
    async ({ role, resource, action, allowed }) => {
      const table = tableFor(resource, action) ?? '';
      const headers = users.get(role)?.headers ?? {};
      // Writes are DELETEs that match no row, so an allowed write changes nothing.
      const res =
        action === 'read'
          ? await fetch(`${server.baseUrl}/api/db/${table}?limit=1`, { headers })
          : await fetch(`${server.baseUrl}/api/db/${table}?${firstColumn.get(table)}=is.null`, {
              method: 'DELETE',
              headers,
            });
      if (allowed) {
        expect([401, 403, 404]).not.toContain(res.status);
        expect(res.status).toBeLessThan(500);
      } else {
        expect(res.status).toBe(403);
      }
    },
  );

  it('answers 401 without credentials and 404 for tables that are not exposed', async () => {
    expect((await fetch(`${server.baseUrl}/api/db/people`)).status).toBe(401);
    const admin = users.get('admin')?.headers ?? {};
    expect((await fetch(`${server.baseUrl}/api/db/auth_sessions`, { headers: admin })).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/db/identities`, { headers: admin })).status).toBe(404);
  });
});

/**
 * Resources that no /api/db table maps to yet (e.g. incident, playbooks, connections) are
 * checked through the route-level hook, requirePermission(), with roles read from the database.
 */
describe('permission matrix through requirePermission for resources without a table', () => {
  let server: TestServer;
  const people = new Map<Role, string>();
  beforeAll(async () => {
    server = await startTestServer('pglite', {}, { AUTH_MODE: 'builtin' });
    for (const role of ROLES) people.set(role, (await signIn(server, role)).personId);
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it.each(HOOK_CELLS)(
    '$role $action $resource → allowed: $allowed',
    async ({ role, resource, action, allowed }) => {
      const personId = people.get(role) ?? '';
      const req = {
        principal: { personId, method: 'session', roles: () => loadRoles(server.db, personId) },
      } as unknown as FastifyRequest;
      let status = 200;
      const reply = {
        code(c: number) {
          status = c;
          return this;
        },
        send() {
          return this;
        },
      } as unknown as FastifyReply;
      await requirePermission(resource, action)(req, reply);
      expect(status).toBe(allowed ? 200 : 403);
    },
  );
});
