import type { Queryable } from '../../db/types.js';

/** A Kratos-shaped error body: `{error: {id, code, status, reason, message}}`. */
export type FlowError = {
  status: number;
  body: {
    error: { id: string; code: number; status: string; reason: string; message: string };
    [k: string]: unknown;
  };
};

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

export function flowError(
  code: number,
  id: string,
  message: string,
  reason = message,
  extra: Record<string, unknown> = {},
): FlowError {
  return {
    status: code,
    body: { error: { id, code, status: STATUS_TEXT[code] ?? 'Error', reason, message }, ...extra },
  };
}

export const ERRORS = {
  expired: () =>
    flowError(
      410,
      'self_service_flow_expired',
      'Your interaction expired, please fill out the form again.',
      'The self-service flow expired, initiate a new one.',
    ),
  csrf: () =>
    flowError(
      403,
      'security_csrf_violation',
      'A security violation was detected, please fill out the form again.',
      'The anti-CSRF cookie or token is missing or does not match. Please retry the flow.',
    ),
  notFound: () =>
    flowError(404, 'self_service_flow_not_found', 'The flow could not be found, initiate a new one.'),
  returnTo: () =>
    flowError(400, 'self_service_flow_return_to_forbidden', 'The return_to address is not allowed.'),
  alreadyAvailable: () =>
    flowError(
      400,
      'session_already_available',
      'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
    ),
  inactive: () =>
    flowError(
      401,
      'session_inactive',
      'No active session was found in this request.',
      'No valid session credentials found in the request.',
    ),
  aal2: () =>
    flowError(
      403,
      'session_aal2_required',
      'An active session was found but it does not fulfil the Authenticator Assurance Level, implying that the session must first be authenticated with a second factor.',
      'A second factor is required.',
      { redirect_browser_to: '/login?aal=aal2' },
    ),
  refreshRequired: (returnTo: string) =>
    flowError(
      403,
      'session_refresh_required',
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      'A recent sign-in is required.',
      { redirect_browser_to: `/login?refresh=true&return_to=${encodeURIComponent(returnTo)}` },
    ),
  identityMismatch: () =>
    flowError(403, 'security_identity_mismatch', 'The flow belongs to another identity; please start again.'),
  disabled: (what: string) =>
    flowError(400, 'self_service_flow_disabled', `${what} is not allowed because it was disabled.`),
  tooMany: () =>
    flowError(429, 'too_many_requests', 'Too many attempts, please wait a few minutes and try again.'),
  locationChange: (to: string) =>
    flowError(
      422,
      'browser_location_change_required',
      'In order to complete this flow please redirect the browser to the given address.',
      'Redirect the browser.',
      {
        redirect_browser_to: to,
      },
    ),
};

/** Stores an error for the UI's error page (GET /api/auth/self-service/errors?id=). */
export async function storeError(db: Queryable, err: FlowError): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'INSERT INTO auth_errors (error) VALUES ($1::jsonb) RETURNING id',
    [JSON.stringify(err.body.error)],
  );
  return rows[0]?.id ?? '';
}

export async function loadError(db: Queryable, id: string): Promise<Record<string, unknown> | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query<{ id: string; error: Record<string, unknown>; created_at: Date }>(
    'SELECT id, error, created_at FROM auth_errors WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}
