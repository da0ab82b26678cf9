import type { Queryable } from '../../db/types.js';
import type { Ui } from './ui.js';

export type FlowType = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

/** Per-flow state that is not part of the UI (never sent to the browser as is). */
export type FlowData = {
  refresh?: boolean;
  requested_aal?: 'aal1' | 'aal2';
  /** Recovery and verification: the address the code was sent to. */
  email?: string;
  /** Settings: a TOTP secret offered for enrolment, sealed with the server key. */
  totp_pending?: string;
};

export type FlowRow = {
  id: string;
  type: FlowType;
  state: string;
  csrf_token: string;
  identity_id: string | null;
  request_url: string;
  return_to: string | null;
  data: FlowData;
  ui: Ui;
  issued_at: Date;
  expires_at: Date;
};

const COLUMNS =
  'id, type, state, csrf_token, identity_id, request_url, return_to, data, ui, issued_at, expires_at';

export async function insertFlow(
  db: Queryable,
  flow: Omit<FlowRow, 'id' | 'issued_at' | 'expires_at'>,
  lifetimeMs: number,
): Promise<FlowRow> {
  // Housekeeping without a job: flows a day past expiry are of no use to anyone.
  await db.query("DELETE FROM auth_flows WHERE expires_at < now() - interval '1 day'");
  await db.query("DELETE FROM auth_errors WHERE created_at < now() - interval '7 days'");
  const { rows } = await db.query<FlowRow>(
    `INSERT INTO auth_flows (type, state, csrf_token, identity_id, request_url, return_to, data, ui, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, now() + make_interval(secs => $9))
     RETURNING ${COLUMNS}`,
    [
      flow.type,
      flow.state,
      flow.csrf_token,
      flow.identity_id,
      flow.request_url,
      flow.return_to,
      JSON.stringify(flow.data),
      JSON.stringify(flow.ui),
      lifetimeMs / 1000,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error('flow insert returned no row');
  return row;
}

export async function loadFlow(db: Queryable, id: string): Promise<FlowRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query<FlowRow>(`SELECT ${COLUMNS} FROM auth_flows WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export async function saveFlow(db: Queryable, flow: FlowRow): Promise<void> {
  await db.query('UPDATE auth_flows SET state = $2, data = $3::jsonb, ui = $4::jsonb WHERE id = $1', [
    flow.id,
    flow.state,
    JSON.stringify(flow.data),
    JSON.stringify(flow.ui),
  ]);
}

/** The flow as the browser sees it (Kratos flow JSON). */
export function flowJson(flow: FlowRow, extra: Record<string, unknown> = {}) {
  return {
    id: flow.id,
    type: 'browser',
    expires_at: flow.expires_at,
    issued_at: flow.issued_at,
    request_url: flow.request_url,
    return_to: flow.return_to ?? undefined,
    state: flow.state,
    ui: flow.ui,
    ...(flow.type === 'login'
      ? { refresh: flow.data.refresh === true, requested_aal: flow.data.requested_aal ?? 'aal1' }
      : {}),
    ...extra,
  };
}

export function isExpired(flow: FlowRow): boolean {
  return new Date(flow.expires_at).getTime() <= Date.now();
}
