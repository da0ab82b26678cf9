import type { LookupOption } from '@opsdeck/shared';
import { z } from 'zod';
import type { OutboundCall } from '../../net/outbound.js';
import type { HydratedConnection } from '../types.js';
import { ticketingGet } from './ticketing.js';

/** Microsoft Graph v1.0 Planner: what the Microsoft Planner responder form offers. */

const listOf = <T extends z.ZodType>(item: T) => z.object({ value: z.array(item) }).loose();
const plansSchema = listOf(z.object({ id: z.string(), title: z.string() }).loose());
const bucketsSchema = listOf(z.object({ id: z.string(), name: z.string() }).loose());

/**
 * The plans of the connection's group (`properties.group_id`: GET
 * /v1.0/groups/{group}/planner/plans), or of the token's user without one (/v1.0/me/planner/plans).
 */
export async function plannerPlans(conn: HydratedConnection, call: OutboundCall): Promise<LookupOption[]> {
  const group = conn.properties.group_id;
  const path = group ? `/v1.0/groups/${encodeURIComponent(group)}/planner/plans` : '/v1.0/me/planner/plans';
  const plans = await ticketingGet(conn, path, plansSchema, call);
  return plans.value.map((p) => ({ value: p.id, label: p.title }));
}

/** GET /v1.0/planner/plans/{plan}/buckets. */
export async function plannerBuckets(
  conn: HydratedConnection,
  plan: string,
  call: OutboundCall,
): Promise<LookupOption[]> {
  const buckets = await ticketingGet(
    conn,
    `/v1.0/planner/plans/${encodeURIComponent(plan)}/buckets`,
    bucketsSchema,
    call,
  );
  return buckets.value.map((b) => ({ value: b.id, label: b.name }));
}
