import { connectionTestRefusal } from '@opsdeck/shared';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Queryable } from '../db/types.js';
import { secretBox } from '../lib/secrets/index.js';
import { OutboundRefusedError, outboundPolicy } from '../net/outbound.js';
import { findConnectionRow, hydrateConnection } from './resolve.js';
import { testerFor } from './testers/registry.js';
import { untilAborted } from '../lib/abort.js';
import { type TestPayload } from './testers/types.js';
import type { ConnectionRow, HydratedConnection } from './types.js';
import { unsavedConnectionRow } from './write-hook.js';

/** How long a peer may take before the test gives up. */
export const TEST_TIMEOUT_MS = 30_000;

/** The answer of POST /api/connection/test/{id} and /api/connection/test, status and body. */
export type TestAnswer =
  | { status: 200; body: { message: 'ok'; payload: TestPayload } }
  | { status: 400 | 404 | 501; body: { error: string } };

const NOT_FOUND = { status: 404, body: { error: 'connection was not found' } } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An error as one line a person can act on: the peer's own words, with its code when it has one. */
export function errorText(e: unknown): string {
  if (e instanceof OutboundRefusedError) return e.message;
  if (e instanceof AggregateError && e.errors.length) return errorText(e.errors[0]);
  if (e instanceof Error) {
    const code = (e as NodeJS.ErrnoException).code;
    const text = e.message || (typeof code === 'string' ? code : '') || e.name;
    return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
  }
  return String(e);
}

/** `{{port}}` and `{{dataDir}}` in a URL, as in check specs (the demo's own endpoints). */
function withServerVars(conn: HydratedConnection, vars: Record<string, string>): HydratedConnection {
  const url = conn.url.replace(/\{\{\s*\.?(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole);
  return { ...conn, url };
}

/**
 * Test Connection of a stored connection: hydrates the row and runs its type's tester
 * (testConnectionRow).
 */
export async function testConnection(
  deps: { db: Queryable; config: Config },
  id: string,
  vars: Record<string, string>,
): Promise<TestAnswer> {
  if (!UUID.test(id)) return NOT_FOUND;
  const row = await findConnectionRow(deps.db, id);
  if (!row) return NOT_FOUND;
  return testConnectionRow(deps, row, vars);
}

const unsavedBody = z.looseObject(
  { id: z.string().optional() },
  { error: 'the body must be a connection as the form saves it: { name, namespace, type, url, … }' },
);

/**
 * Test Connection before saving: the form's values (a new connection's, or with `id` the
 * changes to a stored one, whose secrets stand for the masked fields) become the row saving
 * them would store, validated the same way, and are tested like a stored row. Secrets in the
 * body live in memory for this one test: nothing is written or logged.
 */
export async function testUnsavedConnection(
  deps: { db: Queryable; config: Config },
  body: unknown,
  vars: Record<string, string>,
): Promise<TestAnswer> {
  const { id, ...values } = unsavedBody.parse(body);
  let stored: ConnectionRow | undefined;
  if (id !== undefined) {
    if (!UUID.test(id)) return NOT_FOUND;
    stored = await findConnectionRow(deps.db, id);
    if (!stored) return NOT_FOUND;
  }
  // A value saving would refuse (a missing required field) is the same 400, naming the field.
  return testConnectionRow(deps, unsavedConnectionRow(values, stored, secretBox(deps.config)), vars);
}

/**
 * Runs a connection row's type tester against the peer, through the outbound policy, within
 * TEST_TIMEOUT_MS. The one path of stored and unsaved connections alike.
 */
async function testConnectionRow(
  deps: { config: Config },
  row: ConnectionRow,
  vars: Record<string, string>,
): Promise<TestAnswer> {
  // The shared catalog says which types cannot be tested; the dialog offers no button for them.
  const refusal = connectionTestRefusal(row.type);
  if (refusal) return { status: 501, body: { error: refusal } };
  const tester = testerFor(row.type);
  if (!tester) return { status: 501, body: { error: `Testing ${row.type} connection is not available` } };
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`no answer within ${TEST_TIMEOUT_MS / 1000} s`)),
    TEST_TIMEOUT_MS,
  );
  try {
    const conn = withServerVars(hydrateConnection(row, secretBox(deps.config)), vars);
    const ctx = {
      signal: controller.signal,
      timeoutMs: TEST_TIMEOUT_MS,
      outbound: outboundPolicy(deps.config.outbound),
      config: deps.config,
    };
    // Bounded even when a client library ignores the signal.
    const payload = await untilAborted(tester.test(conn, ctx), controller.signal);
    return { status: 200, body: { message: 'ok', payload } };
  } catch (e) {
    return { status: 400, body: { error: errorText(e) } };
  } finally {
    clearTimeout(timer);
  }
}
