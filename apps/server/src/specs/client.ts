import type { z } from 'zod';

/** A refused or failed call to the console: the status and the server's own message. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type ApiClient = {
  get<T>(path: string, schema: z.ZodType<T>): Promise<T>;
  send(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<void>;
};

/** The server's words for a refusal: PostgREST's `message` (with its `details`), or `error`. */
function messageOf(status: number, text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown; error?: unknown; details?: unknown };
    const message = typeof body.message === 'string' ? body.message : body.error;
    if (typeof message === 'string')
      return typeof body.details === 'string' && body.details ? `${message} (${body.details})` : message;
  } catch {
    // not JSON: the text itself
  }
  return text.trim().slice(0, 500) || `HTTP ${status}`;
}

/**
 * The console's API as the CLI uses it: the data API with an access token, exactly as the web
 * app's calls, so the same route guard, permissions and write hooks apply.
 */
export function apiClient(baseUrl: string, token: string, fetchImpl: typeof fetch = fetch): ApiClient {
  const root = baseUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  async function call(method: string, path: string, body?: unknown): Promise<string> {
    let res: Response;
    try {
      res = await fetchImpl(`${root}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (e) {
      const cause = (e as { cause?: { message?: string } }).cause?.message;
      throw new ApiCallError(0, `cannot reach ${root}: ${cause ?? (e as Error).message}`);
    }
    const text = await res.text();
    if (res.status === 401)
      throw new ApiCallError(401, `${root} refused the token (OPSDECK_TOKEN): ${messageOf(401, text)}`);
    if (!res.ok) throw new ApiCallError(res.status, messageOf(res.status, text));
    return text;
  }
  return {
    async get(path, schema) {
      const text = await call('GET', path);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new ApiCallError(200, `${root}${path} did not answer JSON: is OPSDECK_URL the console?`);
      }
      return schema.parse(value);
    },
    async send(method, path, body) {
      await call(method, path, body);
    },
  };
}
