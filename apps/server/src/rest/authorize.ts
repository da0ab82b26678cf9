import type { FastifyRequest } from 'fastify';
import type { Action } from '@opsdeck/shared';
import type { DataTarget } from '../access.js';
import type { ServerContext } from '../context.js';
import { ApiError } from './errors.js';
import type { SelectItem } from './parse/types.js';

/** Names of embeds that are relations themselves (`rel(...)`), at any depth. */
export function embeddedRelationNames(select: SelectItem[], exists: (name: string) => boolean): string[] {
  const names = new Set<string>();
  const walk = (items: SelectItem[]) => {
    for (const item of items) {
      if (item.type !== 'embed') continue;
      if (exists(item.name)) names.add(item.name);
      walk(item.select);
    }
  };
  walk(select);
  return [...names];
}

/** Asks the data-access hook; a refusal becomes a PostgREST-shaped error with its status. */
export async function authorize(
  ctx: ServerContext,
  req: FastifyRequest,
  target: DataTarget,
  action: Action,
): Promise<void> {
  const decision = await ctx.dataAccess(req, target, action);
  if (decision.ok) return;
  const code =
    decision.status === 404
      ? target.kind === 'table'
        ? '42P01'
        : 'PGRST202'
      : decision.status === 401
        ? 'PGRST301'
        : '42501';
  throw new ApiError(decision.status, code, decision.message);
}
