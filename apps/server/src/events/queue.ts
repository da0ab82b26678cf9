import { z } from 'zod';
import type { Queryable } from '../db/types.js';

/** An event as the consumer holds it: what handlers receive, plus its retry state. */
export type ClaimedEvent = {
  id: string;
  name: string;
  /** The resource the event is about (a check, config item, component…), when it has one. */
  eventId: string | null;
  properties: Record<string, unknown>;
  attempts: number;
  /** Domains whose handler already succeeded on an earlier attempt. */
  handledBy: string[];
  priority: number;
  createdAt: Date;
};

const claimedRow = z.object({
  id: z.string(),
  name: z.string(),
  event_id: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  attempts: z.number(),
  handled_by: z.array(z.string()),
  priority: z.number(),
  created_at: z.coerce.date(),
});

/** How an attempt at one event ended: no error means every handler succeeded. */
export type EventOutcome = { id: string; name: string; handledBy: string[]; error?: string };

export type RetryPolicy = { backoffBaseMs: number; maxRetries: number };

/**
 * Claims up to `limit` due events, highest priority then oldest first. SKIP LOCKED lets
 * consumers in other processes claim other events at the same moment; the claim itself is a
 * lease (available_at moves `leaseMs` ahead), so a consumer that dies loses its batch only
 * until the lease ends. `now` is the consumer's clock; null means the database's.
 */
export async function claimEvents(
  db: Queryable,
  claim: { token: string; limit: number; leaseMs: number; now: Date | null },
): Promise<ClaimedEvent[]> {
  const { rows } = await db.query(
    `WITH due AS (
       SELECT id FROM event_queue
       WHERE failed_at IS NULL AND available_at <= coalesce($3::timestamptz, now())
       ORDER BY priority DESC, created_at
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     )
     UPDATE event_queue q
     SET claimed_by = $1, available_at = coalesce($3::timestamptz, now()) + make_interval(secs => $4)
     FROM due WHERE q.id = due.id
     RETURNING q.id, q.name, q.event_id::text, q.properties, q.attempts, q.handled_by, q.priority, q.created_at`,
    [claim.token, claim.limit, claim.now, claim.leaseMs / 1000],
  );
  return rows
    .map((r) => {
      const row = claimedRow.parse(r);
      return {
        id: row.id,
        name: row.name,
        eventId: row.event_id,
        properties: row.properties ?? {},
        attempts: row.attempts,
        handledBy: row.handled_by,
        priority: row.priority,
        createdAt: row.created_at,
      };
    })
    .sort((a, b) => b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime());
}

/** Moves the lease of the events a batch still holds forward (a slow batch keeps them). */
export async function renewLease(
  db: Queryable,
  lease: { token: string; leaseMs: number; now: Date | null },
): Promise<void> {
  await db.query(
    `UPDATE event_queue SET available_at = coalesce($2::timestamptz, now()) + make_interval(secs => $3)
     WHERE claimed_by = $1`,
    [lease.token, lease.now, lease.leaseMs / 1000],
  );
}

/** Gives back every event the batches of `tokens` still hold: claimable again at once. */
export async function releaseClaims(db: Queryable, tokens: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE event_queue SET claimed_by = NULL, available_at = now() WHERE claimed_by = ANY($1::uuid[])`,
    [tokens],
  );
}

/**
 * Records the outcomes of a batch: handled events are deleted; failed ones get attempts+1, the
 * error, the handlers that did succeed, and their next try after base × attempts⁵ — or, past
 * the last retry, `failed_at` and no further try. Only rows still held by `token` change: an
 * event a producer replaced meanwhile (new properties, attempts reset) stays queued as new.
 * Returns which failures were final.
 */
export async function settleEvents(
  db: Queryable,
  token: string,
  outcomes: readonly EventOutcome[],
  policy: RetryPolicy,
  now: Date | null,
): Promise<{ givenUp: Set<string> }> {
  const handled = outcomes.filter((o) => o.error === undefined).map((o) => o.id);
  const failed = outcomes.filter((o) => o.error !== undefined);
  if (handled.length) {
    await db.query('DELETE FROM event_queue WHERE claimed_by = $1 AND id = ANY($2::uuid[])', [
      token,
      handled,
    ]);
  }
  const givenUp = new Set<string>();
  if (failed.length) {
    const { rows } = await db.query<{ id: string; final: boolean }>(
      `UPDATE event_queue q SET attempts = q.attempts + 1, error = f.error, handled_by = f.handled_by,
         last_attempt = t.now, claimed_by = NULL,
         failed_at = CASE WHEN q.attempts + 1 > $3 THEN t.now END,
         available_at = t.now + make_interval(secs => $4 * power(q.attempts + 1, 5))
       FROM jsonb_to_recordset($2::jsonb) AS f(id uuid, error text, handled_by text[]),
         (SELECT coalesce($5::timestamptz, now()) AS now) t
       WHERE q.id = f.id AND q.claimed_by = $1
       RETURNING q.id, q.failed_at IS NOT NULL AS final`,
      [
        token,
        JSON.stringify(failed.map((o) => ({ id: o.id, error: o.error, handled_by: o.handledBy }))),
        policy.maxRetries,
        policy.backoffBaseMs / 1000,
        now,
      ],
    );
    for (const r of rows) if (r.final) givenUp.add(r.id);
  }
  return { givenUp };
}
