import { insertFlow, type FlowData, type FlowRow, type FlowType } from './store.js';
import type { FlowRequest } from './types.js';
import type { UiNode, UiText } from './ui.js';

type NewFlow = {
  type: FlowType;
  state: string;
  nodes: UiNode[];
  messages?: UiText[];
  identityId?: string | null;
  data?: FlowData;
};

/** Stores a new flow for this request: its CSRF token, URL and return address, the configured lifetime. */
export function startFlow(fr: FlowRequest, f: NewFlow): Promise<FlowRow> {
  return insertFlow(
    fr.svc.ctx.db,
    {
      type: f.type,
      state: f.state,
      csrf_token: fr.csrf,
      identity_id: f.identityId ?? null,
      request_url: fr.req.url,
      return_to: fr.returnTo,
      data: f.data ?? {},
      ui: { action: '', method: 'POST', nodes: f.nodes, messages: f.messages ?? [] },
    },
    fr.svc.ctx.config.auth.flowLifetimeMs,
  );
}
