import { connectionTestRefusal } from '@opsdeck/shared';
import type { Config } from '../config.js';
import type { Queryable } from '../db/types.js';
import { secretBox } from '../lib/secrets/index.js';
import { OutboundRefusedError, outboundPolicy } from '../net/outbound.js';
import { findConnectionRow, hydrateConnection } from './resolve.js';
import { testerFor } from './testers/registry.js';
import { untilAborted } from '../lib/abort.js';
import { type TestPayload } from './testers/types.js';
import type { HydratedConnection } from './types.js';

/** How long a peer may take before the test gives up. */
export const TEST_TIMEOUT_MS = 30_000;

/** The answer of POST /api/connection/test/{id}, status and body. */
export type TestAnswer =
  | { status: 200; body: { message: 'ok'; payload: TestPayload } }
  | { status: 400 | 404 | 501; body: { error: string } };

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
 * Test Connection: hydrates the stored connection and runs its type's tester against the
 * peer, through the outbound policy, within TEST_TIMEOUT_MS.
 */
export async function testConnection(
  deps: { db: Queryable; config: Config },
  id: string,
  vars: Record<string, string>,
): Promise<TestAnswer> {
  const notFound = { status: 404, body: { error: 'connection was not found' } } as const;
  if (!UUID.test(id)) return notFound;
  const row = await findConnectionRow(deps.db, id);
  if (!row) return notFound;
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
