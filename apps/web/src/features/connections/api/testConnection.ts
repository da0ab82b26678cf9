import { z } from 'zod';
import { HttpError } from '../../../api/errors.js';
import { http } from '../../../api/http.js';

/** Texts of the 'Test Connection Results' dialog. */
const TEST_TEXT = {
  success: 'Connection successful',
  notSupported: 'We currently do not support testing this connection type',
  failed: 'Testing connection failed!',
} as const;

/** What the results dialog shows: a headline, and the server's details when there are any. */
export type TestOutcome =
  { ok: true; message: string; payload?: unknown } | { ok: false; message: string; code?: string };

const okAnswer = z.object({ message: z.string(), payload: z.unknown().optional() });
const errorAnswer = z.object({ error: z.string().min(1) });

/** An error text that is JSON (a peer's error body) is shown as formatted code. */
function asJsonCode(text: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? JSON.stringify(parsed, null, 2) : undefined;
  } catch {
    return undefined;
  }
}

/** The outcome of a failed test request: the server's error for a 400, else a fixed text. */
function failedOutcome(error: unknown): TestOutcome {
  if (error instanceof HttpError && error.status === 501)
    return { ok: false, message: TEST_TEXT.notSupported };
  if (error instanceof HttpError && error.status === 400) {
    const body = errorAnswer.safeParse(error.body);
    if (body.success) {
      const code = asJsonCode(body.data.error);
      return code ? { ok: false, message: TEST_TEXT.failed, code } : { ok: false, message: body.data.error };
    }
  }
  return { ok: false, message: TEST_TEXT.failed };
}

/** Success only when the server answers message "ok"; every failure is an outcome too. */
async function testOutcome(path: string, body?: Record<string, unknown>): Promise<TestOutcome> {
  try {
    const answer = okAnswer.safeParse(
      await http(path, { method: 'POST', timeoutMs: 60_000, ...(body ? { body } : {}) }),
    );
    if (answer.success && answer.data.message === 'ok')
      return { ok: true, message: TEST_TEXT.success, payload: answer.data.payload };
    return { ok: false, message: TEST_TEXT.failed };
  } catch (error) {
    // Every failure, the server not answering included, is shown in the results dialog.
    return failedOutcome(error);
  }
}

/** POST /api/connection/test/{id}: tests what is stored. */
export async function testConnection(id: string): Promise<TestOutcome> {
  return testOutcome(`/api/connection/test/${encodeURIComponent(id)}`);
}

/**
 * POST /api/connection/test: tests the form's values before they are saved — a new
 * connection's save body, or a stored one's update body with its `id` (masked secrets left
 * out or `***` stand for the stored ones). Nothing is saved.
 */
export async function testUnsavedConnection(body: Record<string, unknown>): Promise<TestOutcome> {
  return testOutcome('/api/connection/test', body);
}
