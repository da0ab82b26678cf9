import { z } from 'zod';
import { rawFetch } from '../../../api/http.js';

/** The self-service flows of the identity provider (Kratos shape, docs/identity.md). */
export type FlowKind = 'login' | 'registration' | 'recovery' | 'verification' | 'settings';

const uiText = z.object({ id: z.number().optional(), text: z.string(), type: z.string().default('info') });
export type UiText = z.infer<typeof uiText>;

const uiNode = z.object({
  type: z.string(),
  group: z.string().default('default'),
  attributes: z.object({
    name: z.string().default(''),
    type: z.string().default('text'),
    value: z.union([z.string(), z.boolean(), z.number()]).nullable().optional(),
    required: z.boolean().optional(),
    disabled: z.boolean().optional(),
    autocomplete: z.string().optional(),
    node_type: z.string().optional(),
    text: uiText.optional(),
    src: z.string().optional(),
  }),
  messages: z.array(uiText).default([]),
  meta: z.object({ label: uiText.optional() }).default({}),
});
export type UiNode = z.infer<typeof uiNode>;

export const flowSchema = z.object({
  id: z.string(),
  type: z.string().optional(),
  return_to: z.string().nullable().optional(),
  refresh: z.boolean().optional(),
  requested_aal: z.string().optional(),
  state: z.string().optional(),
  ui: z.object({ nodes: z.array(uiNode), messages: z.array(uiText).default([]) }),
});
export type Flow = z.infer<typeof flowSchema>;

const errorSchema = z.object({
  error: z.object({ id: z.string().optional(), code: z.number().optional(), message: z.string().optional() }),
  redirect_browser_to: z.string().optional(),
});

const doneSchema = z.object({
  continue_with: z
    .array(z.object({ action: z.string(), redirect_browser_to: z.string().optional() }))
    .optional(),
});

/** What a flow call came back with. */
export type FlowAnswer =
  | { kind: 'flow'; flow: Flow }
  | { kind: 'done'; redirectTo: string | undefined }
  | {
      kind: 'error';
      status: number;
      id: string | undefined;
      message: string;
      redirectTo: string | undefined;
    };

const JSON_HEADERS = { Accept: 'application/json' };

async function answer(res: Response): Promise<FlowAnswer> {
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (res.ok || res.status === 400) {
    const flow = flowSchema.safeParse(body);
    if (flow.success) return { kind: 'flow', flow: flow.data };
  }
  if (res.ok) {
    const done = doneSchema.safeParse(body);
    const to = done.success ? done.data.continue_with?.find((c) => c.redirect_browser_to) : undefined;
    return { kind: 'done', redirectTo: to?.redirect_browser_to };
  }
  const err = errorSchema.safeParse(body);
  return {
    kind: 'error',
    status: res.status,
    id: err.success ? err.data.error.id : undefined,
    message: (err.success ? err.data.error.message : undefined) ?? 'An error occurred',
    redirectTo: err.success ? err.data.redirect_browser_to : undefined,
  };
}

const base = (kind: FlowKind) => `/api/auth/self-service/${kind}`;

export type FlowParams = { return_to?: string | null; refresh?: boolean; aal?: string | null };

export async function createFlow(kind: FlowKind, params: FlowParams = {}): Promise<FlowAnswer> {
  const q = new URLSearchParams();
  if (params.return_to) q.set('return_to', params.return_to);
  if (params.refresh) q.set('refresh', 'true');
  if (params.aal) q.set('aal', params.aal);
  const qs = q.toString();
  return answer(await rawFetch(`${base(kind)}/browser${qs ? `?${qs}` : ''}`, { headers: JSON_HEADERS }));
}

export async function getFlow(kind: FlowKind, id: string): Promise<FlowAnswer> {
  return answer(
    await rawFetch(`${base(kind)}/flows?id=${encodeURIComponent(id)}`, { headers: JSON_HEADERS }),
  );
}

export async function submitFlow(
  kind: FlowKind,
  id: string,
  values: Record<string, string>,
): Promise<FlowAnswer> {
  return answer(
    await rawFetch(`${base(kind)}?flow=${encodeURIComponent(id)}`, {
      method: 'POST',
      headers: { ...JSON_HEADERS, 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
    }),
  );
}

const flowErrorSchema = z.object({
  id: z.string().optional(),
  error: z
    .object({
      code: z.number().optional(),
      status: z.string().optional(),
      reason: z.string().optional(),
      message: z.string().optional(),
    })
    .loose(),
});
export type FlowErrorRecord = z.infer<typeof flowErrorSchema>;

/** The stored error of a flow (`/error?id=`); null when it is gone (404, 403, 410 → home). */
export async function fetchFlowError(id: string): Promise<FlowErrorRecord | null> {
  const res = await rawFetch(`/api/auth/self-service/errors?id=${encodeURIComponent(id)}`, {
    headers: JSON_HEADERS,
  });
  if ([404, 403, 410].includes(res.status)) return null;
  if (!res.ok) throw new Error(`An error occurred (HTTP ${res.status})`);
  return flowErrorSchema.parse(await res.json());
}

const sessionSchema = z.object({ id: z.string() }).loose();

/**
 * The current session: 'ok', 'none' (401 → sign in), 'aal2' (403 or 422: the session needs the
 * second factor → sign in with aal2, doc 3 §8), or the place a 403 names (redirect_browser_to).
 */
export async function checkSession(): Promise<
  { state: 'ok' } | { state: 'none' } | { state: 'aal2' } | { state: 'redirect'; to: string }
> {
  const res = await rawFetch('/api/auth/sessions/whoami', { headers: JSON_HEADERS });
  if (res.ok) {
    sessionSchema.parse(await res.json());
    return { state: 'ok' };
  }
  if (res.status === 403 || res.status === 422) {
    const a = await answer(res);
    if (a.kind === 'error' && a.redirectTo) return { state: 'redirect', to: a.redirectTo };
    return { state: 'aal2' };
  }
  return { state: 'none' };
}
