import { can, FUNCTION_ACCESS, TABLE_ACCESS } from '@opsdeck/shared';
import type { FastifyRequest } from 'fastify';
import type { AccessDecision, DataAccessHook } from '../access.js';
import type { Queryable } from '../db/types.js';
import { localPropertyNames } from './properties.js';

/** Property names a data-API write names, in its body rows or its `name=eq.`/`in.` filter. */
function namedProperties(req: FastifyRequest): string[] {
  const names: string[] = [];
  const rows = Array.isArray(req.body) ? req.body : [req.body];
  for (const row of rows) {
    if (row && typeof row === 'object' && 'name' in row && typeof row.name === 'string') names.push(row.name);
  }
  const query = req.query as Record<string, unknown> | undefined;
  const filter = typeof query?.name === 'string' ? query.name : undefined;
  if (filter?.startsWith('eq.')) names.push(filter.slice(3));
  const inList = filter && /^in\.\((.*)\)$/.exec(filter);
  if (inList?.[1]) names.push(...inList[1].split(',').map((n) => n.trim().replace(/^"|"$/g, '')));
  return names;
}

/**
 * Role-based authorization of /api/db (docs/identity.md, Authorization): each table maps to a resource; reads
 * need read, writes need write; tables that are not mapped do not exist (404).
 */
export function rbacDataAccess(db: Queryable): DataAccessHook {
  return async (req, target, action): Promise<AccessDecision> => {
    const rules = target.kind === 'table' ? TABLE_ACCESS : FUNCTION_ACCESS;
    const kindName = target.kind === 'table' ? 'Table' : 'Function';
    const rule = Object.hasOwn(rules, target.name) ? rules[target.name] : undefined;
    if (!rule) return { ok: false, status: 404, message: `${kindName} not found` };
    const principal = req.principal;
    if (!principal) return { ok: false, status: 401, message: 'Authentication required' };
    const resource = action === 'read' ? rule.read : rule.write;
    if (!resource) return { ok: false, status: 403, message: `${kindName} ${target.name} is read-only` };
    if (!can(await principal.roles(), resource, action)) {
      return {
        ok: false,
        status: 403,
        message: `Forbidden: you do not have permission to ${action} ${resource}`,
      };
    }
    if (target.kind === 'table' && target.name === 'properties' && action === 'write') {
      const local = await localPropertyNames(db);
      if (namedProperties(req).some((n) => local.has(n))) {
        return { ok: false, status: 403, message: 'Cannot edit local feature flags' };
      }
    }
    return { ok: true };
  };
}
