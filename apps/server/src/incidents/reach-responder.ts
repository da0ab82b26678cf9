import { z } from 'zod';
import { resolveConnection, sendHttpOk } from '../connections/index.js';
import { basicAuthorization } from '../net/basic-auth.js';
import type { ServerContext } from '../context.js';
import { outboundPolicy } from '../net/outbound.js';
import { DeliveryError, sendDirect } from '../notifications/index.js';
import type { DomainEvent } from '../platform/domain.js';

const TIMEOUT_MS = 30_000;

type ResponderRow = {
  id: string;
  status: string | null;
  person_id: string | null;
  properties: Record<string, string>;
  team_spec: unknown;
  incident: { incident_id: string; title: string; description: string; severity: string; id: string };
};

/** A team's `spec.responder_clients[type]`: the connection its tickets go through. */
const clientSchema = z.object({ connection: z.string().min(1) }).loose();
const teamSpecSchema = z
  .object({ responder_clients: z.record(z.string(), clientSchema.optional()).optional() })
  .loose();

type Outcome = { status: 'sent' | 'pending' | 'error'; error?: string; externalId?: string };

function ticketRequest(
  type: string,
  p: Record<string, string>,
  incident: ResponderRow['incident'],
): { path: string; body: unknown; idOf(answer: unknown): string | undefined } | undefined {
  const summary = p.summary || p.title || `${incident.incident_id}: ${incident.title}`;
  const description = p.description || p.body || incident.description;
  if (type === 'jira')
    return {
      path: '/rest/api/2/issue',
      body: {
        fields: {
          project: { key: p.project },
          issuetype: { name: p.issueType },
          priority: p.priority ? { name: p.priority } : undefined,
          summary,
          description,
        },
      },
      idOf: (a) => z.object({ key: z.string() }).safeParse(a).data?.key,
    };
  if (type === 'ms_planner')
    return {
      path: '/v1.0/planner/tasks',
      body: {
        planId: p.plan_id,
        bucketId: p.bucket_id,
        title: p.title || summary,
        ...(Number.isFinite(Number(p.priority)) && p.priority ? { priority: Number(p.priority) } : {}),
      },
      idOf: (a) => z.object({ id: z.string() }).safeParse(a).data?.id,
    };
  if (type === 'service_now')
    return {
      path: '/api/now/table/incident',
      body: { short_description: summary, description, category: p.category },
      idOf: (a) => z.object({ result: z.object({ sys_id: z.string() }) }).safeParse(a).data?.result.sys_id,
    };
  return undefined;
}

/** Opens the external ticket through the team's connection for its responder type. */
async function openTicket(ctx: ServerContext, r: ResponderRow, type: string): Promise<Outcome> {
  const client = teamSpecSchema.safeParse(r.team_spec).data?.responder_clients?.[type];
  // The instance the form picked wins over the team's connection; it must be a connection of
  // the responder's own type, so a responder cannot send a ticket with any other credentials.
  const instance = r.properties.instance;
  const reference = instance || client?.connection;
  if (!reference) return { status: 'pending', error: `the team's spec names no connection for ${type}` };
  const conn = await resolveConnection(ctx, reference);
  if (instance && conn.type !== type)
    return { status: 'error', error: `the instance ${conn.name} is not a ${type} connection` };
  const request = ticketRequest(type, r.properties, r.incident);
  if (!request) return { status: 'pending', error: `${type} tickets are recorded, not sent` };
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  // Microsoft Graph takes a bearer token (the connection's password); Jira and ServiceNow a user.
  if (type === 'ms_planner') headers.authorization = `Bearer ${conn.password}`;
  else if (conn.username || conn.password)
    headers.authorization = basicAuthorization(conn.username, conn.password);
  const answer = await sendHttpOk(
    {
      url: conn.url.replace(/\/+$/, '') + request.path,
      method: 'POST',
      headers,
      body: JSON.stringify(request.body),
    },
    {
      outbound: outboundPolicy(ctx.config.outbound),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      timeoutMs: TIMEOUT_MS,
      insecureTls: conn.insecureTls,
    },
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    parsed = undefined;
  }
  const externalId = request.idOf(parsed);
  return externalId ? { status: 'sent', externalId } : { status: 'sent' };
}

async function reach(ctx: ServerContext, r: ResponderRow): Promise<Outcome | undefined> {
  const type = r.properties.responderType ?? (r.person_id ? 'person' : undefined);
  if (!type || type === 'person') return undefined;
  if (type === 'email') {
    const to = r.properties.to;
    if (!to) return { status: 'error', error: 'the email responder has no address' };
    const subject = r.properties.subject || `${r.incident.incident_id}: ${r.incident.title}`;
    const body = r.properties.body || r.incident.description || r.incident.title;
    await sendDirect(ctx, { email: to }, subject, body);
    return { status: 'sent' };
  }
  return openTicket(ctx, r, type);
}

/**
 * incident.responder.added: reaches the responder the way its type says — an email responder
 * gets the mail through the system SMTP server, a ticket type opens the ticket through the
 * HTTP connection the team's spec names (Jira, ServiceNow, Microsoft Planner through Graph),
 * other types are recorded as
 * pending with the reason. The outcome is stored on the responder; a responder already
 * reached is not reached again (events are delivered at least once).
 */
export async function reachResponder(event: DomainEvent, ctx: ServerContext): Promise<void> {
  const { rows } = await ctx.db.query<ResponderRow>(
    `SELECT r.id, r.status, r.person_id, r.properties, t.spec AS team_spec,
       jsonb_build_object('id', i.id, 'incident_id', i.incident_id, 'title', i.title,
         'description', i.description, 'severity', i.severity) AS incident
     FROM responders r JOIN incidents i ON i.id = r.incident_id LEFT JOIN teams t ON t.id = r.team_id
     WHERE r.id = $1 AND r.deleted_at IS NULL`,
    [String(event.properties.responder_id ?? '')],
  );
  const r = rows[0];
  if (!r || r.status === 'sent') return;
  let outcome: Outcome | undefined;
  try {
    outcome = await reach(ctx, r);
  } catch (e) {
    const message = e instanceof DeliveryError || e instanceof Error ? e.message : String(e);
    outcome = { status: 'error', error: message };
  }
  if (!outcome) return;
  await ctx.db.query(
    `UPDATE responders SET status = $2, error = $3, external_id = coalesce($4, external_id), updated_at = now()
     WHERE id = $1`,
    [r.id, outcome.status, outcome.error ?? null, outcome.externalId ?? null],
  );
}
