import type { SignedIn, TestServer } from '../helpers.js';

/** A caller: a signed-in user's headers, or none (AUTH_MODE=none acts as the local admin). */
export type Caller = Pick<SignedIn, 'headers'> | undefined;

/** fetch against the test server as `who`, JSON in and out. */
export async function call(
  server: TestServer,
  who: Caller,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string; json: unknown }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(who?.headers ?? {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.headers ?? {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    json = null;
  }
  return { status: res.status, text, json };
}

export type ConnectionInput = Record<string, unknown> & { name: string; type: string };

/** Creates a connection through the data API (as an admin) and returns its id. */
export async function createConnection(
  server: TestServer,
  who: Caller,
  input: ConnectionInput,
): Promise<string> {
  const res = await call(server, who, '/api/db/connections', {
    method: 'POST',
    body: input,
    headers: { prefer: 'return=representation' },
  });
  if (res.status !== 201) throw new Error(`creating ${input.name}: ${res.status} ${res.text}`);
  return (res.json as { id: string }[])[0]?.id ?? '';
}

/** The row as stored, secrets still sealed. */
export async function rawConnection(
  server: TestServer,
  id: string,
): Promise<{
  url: string | null;
  username: string | null;
  password: string | null;
  certificate: string | null;
  properties: Record<string, string>;
  created_by: string | null;
  namespace: string;
  source: string | null;
  deleted_at: Date | null;
}> {
  const { rows } = await server.db.query<Awaited<ReturnType<typeof rawConnection>>>(
    'SELECT url, username, password, certificate, properties, created_by, namespace, source, deleted_at FROM connections WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) throw new Error(`no connection ${id}`);
  return row;
}

/** What Test Connection answers: `{message: 'ok', payload}` or `{error}`. */
export type TestAnswer = { message?: string; payload?: Record<string, unknown>; error?: string };

/** POST /api/connection/test/{id} as `who`: the status and body a user's dialog would get. */
export async function testStored(
  server: TestServer,
  who: Caller,
  id: string,
): Promise<{ status: number; body: TestAnswer }> {
  const res = await call(server, who, `/api/connection/test/${id}`, { method: 'POST' });
  return { status: res.status, body: res.json as TestAnswer };
}

/** Changes a stored connection through the data API (as an admin), then tests it again. */
export async function changeAndTest(
  server: TestServer,
  who: Caller,
  id: string,
  patch: Record<string, unknown>,
): Promise<{ status: number; body: TestAnswer }> {
  const res = await call(server, who, `/api/db/connections?id=eq.${id}`, { method: 'PATCH', body: patch });
  if (res.status >= 300) throw new Error(`changing ${id}: ${res.status} ${res.text}`);
  return testStored(server, who, id);
}
