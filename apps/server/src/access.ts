import type { Action } from '@opsdeck/shared';
import { FUNCTION_ACCESS, TABLE_ACCESS } from '@opsdeck/shared';
import type { FastifyRequest } from 'fastify';

export type AccessDecision = { ok: true } | { ok: false; status: 401 | 403 | 404; message: string };

export type DataTarget = { kind: 'table' | 'function'; name: string };

/**
 * The authorization hook of the data API: called once per /api/db request before any SQL
 * is planned. The identity area replaces the default with role-based enforcement.
 */
export type DataAccessHook = (
  req: FastifyRequest,
  target: DataTarget,
  action: Action,
) => Promise<AccessDecision>;

/** Until identity lands: open, but only for tables and functions on the explicit allow-list. */
export const allowListAccess: DataAccessHook = async (_req, target) => {
  const rules = target.kind === 'table' ? TABLE_ACCESS : FUNCTION_ACCESS;
  if (!Object.hasOwn(rules, target.name)) {
    return { ok: false, status: 404, message: `${target.kind === 'table' ? 'Table' : 'Function'} not found` };
  }
  return { ok: true };
};
