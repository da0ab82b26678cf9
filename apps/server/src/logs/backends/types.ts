import type { LogItem } from '@opsdeck/shared';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/types.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import type { FileAccess } from '../../sandbox/file-roots.js';

/** What a backend is asked: apm-hub's SearchParams, resolved. */
export type LogQuery = {
  /** The component's external id (or its id when it has none). */
  id: string;
  /** The component's type. */
  type: string;
  /** The selector's labels with the request's over them. */
  labels: Record<string, string>;
  /** Search text; empty matches every line. */
  query: string;
  start: Date;
  end: Date;
  /** The most lines wanted: the latest ones. */
  limit: number;
};

export type LogBackendContext = {
  db: Queryable;
  config: Config;
  outbound: OutboundPolicy;
  files: FileAccess;
  signal: AbortSignal;
};

/** A backend's answer: at most `limit` lines, newest last, and how many matched in all. */
export type LogBatch = { total: number; results: LogItem[] };

/** One kind of logging backend (file, kubernetes, elasticsearch, opensearch, loki). */
export type LogBackend<S> = {
  search(spec: S, q: LogQuery, ctx: LogBackendContext): Promise<LogBatch>;
};

/** A backend that cannot answer (bad spec, unreachable, refused): a 4xx-worthy message. */
export class LogBackendError extends Error {}
