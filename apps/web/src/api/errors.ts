/** Toast texts for request failures. */
export const ERROR_TEXT = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network Error. Please try again.',
  offline: 'No internet connection. Please try again.',
  fallback: 'An error occurred',
} as const;

/** A failed request: the status (0 when the server was not reached) and the message to show. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function field(body: unknown, key: 'error' | 'message'): string | undefined {
  if (typeof body !== 'object' || body === null || !(key in body)) return undefined;
  const value = (body as Record<string, unknown>)[key];
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'object' && value !== null) return field(value, 'message');
  return undefined;
}

/** The text a response body carries: its `error`, else its `message`, else the fallback. */
export function messageFromBody(body: unknown): string {
  return field(body, 'error') ?? field(body, 'message') ?? ERROR_TEXT.fallback;
}

/** The toast text for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof HttpError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return ERROR_TEXT.fallback;
}

/**
 * The form fields a failed request is about, with its message: the server names them in
 * `fields` for a taken name, a missing value, a dangling reference (docs/development.md,
 * "Errors a form can cause"). Undefined when it names none.
 */
export function fieldErrorOf(error: unknown): { fields: string[]; message: string } | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('fields' in body)) return undefined;
  const fields = (body as { fields: unknown }).fields;
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  return { fields: fields.filter((f): f is string => typeof f === 'string'), message: error.message };
}
