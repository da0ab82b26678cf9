import type { SignedIn, TestServer } from '../helpers.js';

export type Answer = { status: number; body: unknown; headers: Headers };
export type Row = Record<string, unknown>;

/** A JSON call as a signed-in person (or with no session at all). */
export async function call(
  server: TestServer,
  who: SignedIn | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(who?.headers ?? {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      prefer: 'return=representation',
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** The `message` (data API) or `error` (routes) of an answer. */
export function messageOf(a: Answer): string {
  const b = (a.body ?? {}) as { message?: unknown; error?: unknown };
  return String(b.message ?? b.error ?? '');
}

let seq = 0;
/** A unique playbook name for one test. */
export function uniqueName(prefix = 'pb'): string {
  seq += 1;
  return `${prefix}-${seq}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Creates a playbook through the data API and returns its row. */
export async function createPlaybook(
  server: TestServer,
  who: SignedIn,
  spec: Record<string, unknown>,
  extra: Row = {},
): Promise<Row> {
  const a = await call(server, who, 'POST', '/api/db/playbooks', { name: uniqueName(), spec, ...extra });
  if (a.status !== 201) throw new Error(`create playbook: ${a.status} ${JSON.stringify(a.body)}`);
  return (a.body as Row[])[0]!;
}

export const echoAction = { name: 'echo', exec: { script: 'echo hi' } };
