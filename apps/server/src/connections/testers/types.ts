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

/** Rejects once the signal fires; `cleanup` closes what the promise was waiting on. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal, cleanup?: () => void): Promise<T> {
  if (signal.aborted) {
    cleanup?.();
    return Promise.reject(reasonOf(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      cleanup?.();
      reject(reasonOf(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function reasonOf(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('timed out');
}

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
