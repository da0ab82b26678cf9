const KB = 1024;
const MB = 1024 * KB;

/**
 * The most of an answer a peer's HTTP response may put in memory, one per kind of reader. Every
 * peer here is named by a user (a check, a scraper, a logging backend, a connection, a playbook
 * action, a kubeconfig), so a peer that streams without end must meet a limit, not the heap.
 */
export const BODY_LIMITS = {
  /**
   * HTTP checks (http, and the checks built on a JSON API: prometheus, alertmanager, dynatrace,
   * github, elasticsearch…) and OAuth2 token answers. A check tests a status, some content or a
   * few JSON fields; 10 MB is far above any health endpoint or query answer it is meant for.
   * canary-checker has no limit; a larger answer fails the check.
   */
  check: 10 * MB,
  /** HTTP catalog scrapers: one JSON document becomes many config items, so a large inventory fits. */
  scraper: 50 * MB,
  /** Log backends (Elasticsearch, OpenSearch, Loki): a search answer of at most `limit` lines. */
  logBackend: 32 * MB,
  /**
   * Kubernetes API answers (checks, catalog, topology, logs): a list of every pod of a large
   * cluster is tens of MB; 256 MB still stops an endpoint that streams without end.
   */
  kubeApi: 256 * MB,
  /**
   * Notification senders and Test Connection: only an excerpt of the answer is shown (in an error
   * or the test's result), so the rest is cut, not refused.
   */
  senderAnswer: 64 * KB,
  /**
   * The chart registry (CHART_REGISTRY_URL): a Chart.yaml or values.schema.json of a few KB; the
   * largest values schema of the registry is under 50 KB.
   */
  chartRegistry: 1 * MB,
  /** Playbook `http` actions: the content is kept in the run's result for the run page; the rest is cut. */
  playbookAnswer: 1 * MB,
} as const;

/** "10 MB", "64 KB" or "100 bytes": limits as messages name them. */
export function formatBytes(n: number): string {
  if (n >= MB && n % MB === 0) return `${n / MB} MB`;
  if (n >= KB && n % KB === 0) return `${n / KB} KB`;
  return `${n} bytes`;
}

/** An answer over its limit; the message names the limit ("response larger than 10 MB"). */
export class BodyTooLargeError extends Error {
  constructor(
    readonly what: string,
    readonly maxBytes: number,
  ) {
    super(`${what} larger than ${formatBytes(maxBytes)}`);
    this.name = 'BodyTooLargeError';
  }
}

export type ReadBodyOptions = {
  /** The most bytes kept; `maxBytes` exactly is still read whole. */
  maxBytes: number;
  /** What the body is, for the error: "response", "answer"… */
  what: string;
  /**
   * Past the limit: `fail` (the default) throws BodyTooLargeError; `cut` keeps the first
   * `maxBytes` bytes. Either way the rest is not read: the stream is closed.
   */
  overflow?: 'fail' | 'cut';
};

/**
 * Reads a response body (undici's, Node's IncomingMessage: any stream of byte chunks) into memory,
 * at most `maxBytes` of it. Leaving the loop early closes the stream, so the peer's connection is
 * dropped instead of drained.
 */
export async function readBodyCapped(body: AsyncIterable<Uint8Array>, o: ReadBodyOptions): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    if (size + buf.length > o.maxBytes) {
      if (o.overflow !== 'cut') throw new BodyTooLargeError(o.what, o.maxBytes);
      chunks.push(buf.subarray(0, o.maxBytes - size));
      size = o.maxBytes;
      break;
    }
    chunks.push(buf);
    size += buf.length;
  }
  return Buffer.concat(chunks, size);
}

/** readBodyCapped as UTF-8 text. */
export async function readTextCapped(body: AsyncIterable<Uint8Array>, o: ReadBodyOptions): Promise<string> {
  return (await readBodyCapped(body, o)).toString('utf8');
}
