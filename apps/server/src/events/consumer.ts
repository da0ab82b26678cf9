import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Config } from '../config.js';
import type { ServerContext } from '../context.js';
import { isDatabaseUnavailable } from '../db/availability.js';
import {
  claimEvents,
  releaseClaims,
  renewLease,
  settleEvents,
  type ClaimedEvent,
  type EventOutcome,
} from './queue.js';
import type { EventRegistry, RegisteredHandler } from './registry.js';

export type ConsumerOptions = {
  /** Events claimed at once. */
  batchSize: number;
  /** A failed event is tried again after backoffBaseMs × attempts⁵. */
  backoffBaseMs: number;
  /** Retries after the first attempt; then the event is kept as failed. */
  maxRetries: number;
  /** A handler still running after this long has failed. */
  handlerTimeoutMs: number;
  /** Events of different resources handled at the same time (those of one resource never are). */
  concurrency: number;
  /** A handler still running after this long is named in the log; SLOW_HANDLER_WARN_MS by default. */
  slowWarnMs?: number;
  /** The clock the queue's times are read and written with; by default the database's. */
  now?: () => Date;
};

export function consumerOptions(config: Pick<Config, 'events'>): ConsumerOptions {
  return { ...config.events };
}

export type BatchResult = { claimed: number; consumed: number; failed: number };

// Outcomes of a slow batch are written at least this often, so a crash repeats little.
const SETTLE_EVERY_MS = 1000;
/**
 * How long a claimed event is held from the last renewal: a process that dies (SIGKILL, a lost
 * node) leaves its batch to the others, or to itself after a restart, within this long. A batch
 * renews it every LEASE_RENEW_MS while it runs, however long its handlers take.
 */
export const EVENT_LEASE_MS = 30_000;
const LEASE_RENEW_MS = 10_000;

/**
 * Batches whose claim could not be settled because the database went away: their events are
 * given back (claimable at once) as soon as it answers again, instead of waiting for the lease.
 * Events a handler had finished are then handled again: delivery is at least once.
 */
const unsettled = new Set<string>();

async function releaseUnsettled(ctx: ServerContext): Promise<void> {
  if (!unsettled.size) return;
  const tokens = [...unsettled];
  await releaseClaims(ctx.db, tokens);
  for (const t of tokens) unsettled.delete(t);
}
// Stored errors are for people reading the Event Queue page, not for whole stack dumps.
const MAX_ERROR_LENGTH = 4000;

function errorText(e: unknown): string {
  const text = e instanceof Error ? e.message || e.name : String(e);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

async function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the handler did not finish within ${ms / 1000}s`)), ms);
  });
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A handler still running after this long is named in the log (event, domain, id) while it goes
 * on: a stall shows which handler holds it long before the time limit fails it.
 */
export const SLOW_HANDLER_WARN_MS = 10_000;

async function runHandler(
  ctx: ServerContext,
  handler: RegisteredHandler,
  event: ClaimedEvent,
  limits: { timeoutMs: number; slowWarnMs: number },
): Promise<void> {
  const { timeoutMs, slowWarnMs } = limits;
  const started = performance.now();
  const warn = setTimeout(() => {
    ctx.log.warn(
      { event: event.name, eventId: event.id, domain: handler.domain, resource: event.eventId },
      `an event handler is still running after ${slowWarnMs / 1000}s`,
    );
  }, slowWarnMs);
  warn.unref();
  try {
    const domainEvent = { id: event.id, name: event.name, properties: event.properties };
    await withTimeout(handler.handle(domainEvent, ctx), timeoutMs);
  } finally {
    clearTimeout(warn);
    const ms = performance.now() - started;
    if (ms >= slowWarnMs)
      ctx.log.warn(
        { event: event.name, eventId: event.id, domain: handler.domain, ms: Math.round(ms) },
        'a slow event handler ended',
      );
  }
}

/** Runs the handlers that have not yet succeeded on this event, one after the other. */
async function handleEvent(
  ctx: ServerContext,
  handlers: readonly RegisteredHandler[],
  event: ClaimedEvent,
  limits: { timeoutMs: number; slowWarnMs: number },
): Promise<EventOutcome> {
  const handledBy = [...event.handledBy];
  const errors: string[] = [];
  for (const handler of handlers) {
    if (handledBy.includes(handler.domain)) continue;
    try {
      await runHandler(ctx, handler, event, limits);
      handledBy.push(handler.domain);
    } catch (e) {
      errors.push(handlers.length > 1 ? `${handler.domain}: ${errorText(e)}` : errorText(e));
    }
  }
  const outcome: EventOutcome = { id: event.id, name: event.name, handledBy };
  if (errors.length) outcome.error = errors.join('; ');
  return outcome;
}

/**
 * The batch split by resource (the queue's event id; an event without one is its own lane),
 * each lane in claim order: a check's `failed` is handled before its `passed` even when
 * other resources' events run beside them.
 */
function lanesOf(events: readonly ClaimedEvent[]): ClaimedEvent[][] {
  const lanes = new Map<string, ClaimedEvent[]>();
  for (const event of events) {
    const key = event.eventId ?? `event:${event.id}`;
    const lane = lanes.get(key);
    if (lane) lane.push(event);
    else lanes.set(key, [event]);
  }
  return [...lanes.values()];
}

/** Runs up to `width` lanes at once, each lane's events one after the other. */
async function runLanes(
  lanes: ClaimedEvent[][],
  width: number,
  handle: (event: ClaimedEvent) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < lanes.length) {
      const lane = lanes[next++] ?? [];
      for (const event of lane) await handle(event);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, lanes.length)) }, worker));
}

/**
 * Claims one batch of due events and handles it: every registered handler of the event's
 * name runs; an event with no handler is simply consumed. The whole batch is finished even
 * when shutdown is asked for meanwhile. `claimed` 0 means nothing was due.
 */
export async function consumeBatch(
  ctx: ServerContext,
  registry: EventRegistry,
  options: ConsumerOptions,
): Promise<BatchResult> {
  const token = crypto.randomUUID();
  const now = () => options.now?.() ?? null;
  const leaseMs = EVENT_LEASE_MS;
  await releaseUnsettled(ctx);
  const events = await claimEvents(ctx.db, { token, limit: options.batchSize, leaseMs, now: now() });
  if (!events.length) return { claimed: 0, consumed: 0, failed: 0 };
  try {
    return await handleBatch(ctx, registry, options, token, events);
  } catch (e) {
    // Only the database can fail here (handlers' errors are outcomes): give the rest back.
    unsettled.add(token);
    await releaseUnsettled(ctx).catch(() => {});
    throw e;
  }
}

async function handleBatch(
  ctx: ServerContext,
  registry: EventRegistry,
  options: ConsumerOptions,
  token: string,
  events: ClaimedEvent[],
): Promise<BatchResult> {
  const now = () => options.now?.() ?? null;
  const leaseMs = EVENT_LEASE_MS;
  const result: BatchResult = { claimed: events.length, consumed: 0, failed: 0 };
  let pending: EventOutcome[] = [];
  let lastSettled = performance.now();

  const settle = async () => {
    const outcomes = pending;
    pending = [];
    lastSettled = performance.now();
    if (!outcomes.length) return;
    const { givenUp } = await settleEvents(ctx.db, token, outcomes, options, now());
    for (const o of outcomes) {
      if (o.error === undefined) {
        result.consumed++;
        const handled = (registry.get(o.name)?.length ?? 0) > 0;
        ctx.metrics.eventsConsumed.inc({ name: o.name, handled: String(handled) });
        continue;
      }
      result.failed++;
      const final = givenUp.has(o.id);
      ctx.metrics.eventsFailed.inc({ name: o.name, final: String(final) });
      const log = { event: o.name, eventId: o.id, error: o.error };
      if (final) ctx.log.error(log, 'event handling failed for the last time; the event is kept as failed');
      else ctx.log.warn(log, 'event handling failed; it will be retried');
    }
  };

  let settling: Promise<void> | undefined;
  const settleNowAndThen = async () => {
    if (settling || performance.now() - lastSettled < SETTLE_EVERY_MS) return;
    settling = settle().then(() => renewLease(ctx.db, { token, leaseMs, now: now() }));
    try {
      await settling;
    } finally {
      settling = undefined;
    }
  };

  // The lease is renewed on a timer too: a lane stuck in a slow handler settles nothing.
  let renewing: Promise<void> | undefined;
  const renewTimer = setInterval(() => {
    renewing ??= renewLease(ctx.db, { token, leaseMs, now: now() })
      .catch((e: unknown) => {
        if (!isDatabaseUnavailable(e))
          ctx.log.warn({ err: e }, 'renewing the lease of an event batch failed');
      })
      .finally(() => (renewing = undefined));
  }, LEASE_RENEW_MS);
  renewTimer.unref();
  try {
    await runLanes(lanesOf(events), options.concurrency, async (event) => {
      const limits = {
        timeoutMs: options.handlerTimeoutMs,
        slowWarnMs: options.slowWarnMs ?? SLOW_HANDLER_WARN_MS,
      };
      pending.push(await handleEvent(ctx, registry.get(event.name) ?? [], event, limits));
      await settleNowAndThen();
    });
    await settling;
    await settle();
  } finally {
    clearInterval(renewTimer);
    await renewing;
  }
  return result;
}

/**
 * Consumes batches until none is due or `signal` fires (the batch in hand is finished first);
 * with no back-off a failing event is retried until it is given up.
 * What the consumer job runs whenever it wakes; tests and the benchmark call it directly.
 */
export async function drainEvents(
  ctx: ServerContext,
  registry: EventRegistry,
  options: ConsumerOptions,
  signal?: AbortSignal,
): Promise<{ consumed: number; failed: number }> {
  const total = { consumed: 0, failed: 0 };
  while (!signal?.aborted) {
    const batch = await consumeBatch(ctx, registry, options);
    total.consumed += batch.consumed;
    total.failed += batch.failed;
    if (batch.claimed === 0) break;
  }
  return total;
}
