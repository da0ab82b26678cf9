import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthServices } from '../services.js';
import type { SessionRow } from '../sessions.js';
import type { FlowError } from './errors.js';
import type { FlowRow, FlowType } from './store.js';

/** The request a flow handler works on, with the browser's current session if any. */
export type FlowRequest = {
  svc: AuthServices;
  req: FastifyRequest;
  reply: FastifyReply;
  current: { session: SessionRow; aal2Missing: boolean } | null;
  csrf: string;
  returnTo: string | null;
};

export type SubmitResult =
  | { kind: 'flow'; status: 200 | 400; flow: FlowRow }
  /** Signed in: the session cookie is already set; body is the JSON answer. */
  | { kind: 'done'; body: Record<string, unknown>; redirectTo: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'error'; error: FlowError };

export type FlowHandler = {
  type: FlowType;
  create(fr: FlowRequest, query: Record<string, string | undefined>): Promise<FlowRow | FlowError>;
  submit(fr: FlowRequest, flow: FlowRow, body: Record<string, unknown>): Promise<SubmitResult>;
};

export function str(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  return typeof v === 'string' ? v : '';
}
