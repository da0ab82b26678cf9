import type { Config } from '../../config.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import type { HydratedConnection } from '../types.js';

/** What a tester needs besides the connection. */
export type TestContext = {
  /** Fires when the test's time limit is reached; testers stop their I/O. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Every peer is reached through it (net/outbound.ts). */
  outbound: OutboundPolicy;
  config: Config;
};

/** What the test found out (version, database, user…), shown in 'Test Connection Results'. */
export type TestPayload = Record<string, unknown>;

/**
 * Tests connections of some types against their peer. A throw is the peer's refusal (or the
 * reason it could not be reached): Test Connection answers 400 with its message.
 */
export type ConnectionTester = {
  types: readonly string[];
  test(conn: HydratedConnection, ctx: TestContext): Promise<TestPayload>;
};

/** The URL of a connection, or a clear error (never echoing it: it may hold a password). */
export function parseUrl(raw: string, expected: string): URL {
  if (!raw) throw new Error(`the connection has no URL (expected ${expected})`);
  try {
    return new URL(raw);
  } catch {
    throw new Error(`the connection's URL is not valid (expected ${expected})`);
  }
}

/** Port of a URL, or the scheme's default. */
export function portOf(url: URL, fallback: number): number {
  return url.port ? Number(url.port) : fallback;
}
