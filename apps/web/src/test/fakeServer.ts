import { vi } from 'vitest';

/** A request the fake server received. */
export type FakeRequest = {
  /** The address as the app asked for it. */
  href: string;
  /** The same, resolved against http://localhost. */
  url: URL;
  method: string;
  /** The body, parsed when it is JSON. */
  body: unknown;
  init: RequestInit;
};

/** Answers a request: a Response goes out as it is, anything else as a JSON 200. */
export type Route = (req: FakeRequest) => unknown;

/** A JSON answer, as the server sends it. */
export function json(
  body: unknown,
  { status = 200, headers = {} }: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const notFound: Route = () => json({ error: 'not found' }, { status: 404 });

function parseBody(body: RequestInit['body']): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/**
 * Replaces `fetch` for one test (setup.ts restores it). Routes are keyed 'METHOD /path' or
 * '/path' (any method) and matched on the pathname; anything else gets `fallback`, a 404 unless
 * given. `requests` lists what the app asked for, in order.
 */
export function fakeServer(routes: Record<string, Route> = {}, fallback: Route = notFound) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const href = input instanceof Request ? input.url : String(input);
    const url = new URL(href, 'http://localhost');
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const req = { href, url, method, body: parseBody(init.body), init };
    requests.push(req);
    const route = routes[`${method} ${url.pathname}`] ?? routes[url.pathname] ?? fallback;
    const answer = await route(req);
    return answer instanceof Response ? answer : json(answer);
  });
  vi.stubGlobal('fetch', fetch);
  return { requests, fetch, hrefs: () => requests.map((r) => r.href) };
}

/**
 * A data-API list served page by page: the `offset`/`limit` window of `all`, with the
 * Content-Range total that `count=exact` asks for.
 */
export function pagedRows(all: unknown[]): Route {
  return ({ url }) => {
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? all.length);
    const slice = all.slice(offset, offset + limit);
    const range = slice.length ? `${offset}-${offset + slice.length - 1}` : '*';
    return json(slice, { headers: { 'content-range': `${range}/${all.length}` } });
  };
}
