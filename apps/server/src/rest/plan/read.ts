import { ApiError } from '../errors.js';
import { fieldOutputName } from '../parse/cursor.js';
import type { ApiRequest, Condition, NodeOptions, SelectItem } from '../parse/types.js';
import type { Relation, SchemaCache } from '../schema/types.js';
import { resolveExpr } from './columns.js';
import { isUniqueOn, resolveRelationship } from './relationships.js';
import type { EmbedPlan, Join, NodePlan, PlannedCondition, PlannedOrder, Relationship } from './types.js';

type PlanContext = {
  cache: SchemaCache;
  req: ApiRequest;
  nextAlias: number;
  usedOptions: Set<string>;
  /** Relations reached through embeds (targets and junctions), for authorization. */
  tables: Set<string>;
};

export type ReadPlan = { root: NodePlan; embeddedTables: string[] };

/**
 * Plans the select tree, filters, order and paging of a request on `relation`.
 * `keysOf` is the relation whose foreign keys embeds follow (a function's row type).
 */
export function planRead(
  cache: SchemaCache,
  req: ApiRequest,
  relation: Relation,
  options: { keysOf?: string; maxRows?: number } = {},
): ReadPlan {
  const pc: PlanContext = { cache, req, nextAlias: 0, usedOptions: new Set(), tables: new Set() };
  const root = planNode(pc, relation, options.keysOf ?? relation.name, req.select, ['']);
  for (const [key, opts] of req.options) {
    const empty =
      !opts.conditions.length && !opts.order.length && opts.limit === undefined && opts.offset === undefined;
    if (key !== '' && !pc.usedOptions.has(key) && !empty) throw notEmbedded(key);
  }
  // Paging of the root: limit/offset parameters, the Range header and the server's row cap.
  const limits = [root.limit, req.range?.limit, options.maxRows].filter((n): n is number => n !== undefined);
  root.limit = limits.length ? Math.min(...limits) : undefined;
  root.offset = root.offset ?? req.range?.offset;
  return { root, embeddedTables: [...pc.tables] };
}

/** PostgREST's answer to options or an order on a resource the select does not embed. */
function notEmbedded(key: string): ApiError {
  return new ApiError(
    400,
    'PGRST108',
    `'${key}' is not an embedded resource in this request`,
    null,
    `Verify that '${key}' is included in the 'select' query parameter.`,
  );
}

function mergedOptions(pc: PlanContext, keys: string[]): NodeOptions {
  const merged: NodeOptions = { conditions: [], order: [] };
  for (const key of keys) {
    const o = pc.req.options.get(key);
    if (!o) continue;
    pc.usedOptions.add(key);
    merged.conditions.push(...o.conditions);
    merged.order.push(...o.order);
    merged.limit = o.limit ?? merged.limit;
    merged.offset = o.offset ?? merged.offset;
  }
  return merged;
}

function planNode(
  pc: PlanContext,
  relation: Relation,
  keysOf: string,
  items: SelectItem[],
  optionKeys: string[],
): NodePlan {
  const node: NodePlan = {
    relation,
    alias: `t${pc.nextAlias++}`,
    select: [],
    embeds: [],
    conditions: [],
    order: [],
  };
  for (const item of items) {
    if (item.type === 'star') {
      for (const col of relation.columns.values()) {
        node.select.push({
          kind: 'column',
          expr: resolveExpr(relation, { name: col.name, path: [] }),
          as: col.name,
        });
      }
    } else if (item.type === 'field') {
      node.select.push({
        kind: 'column',
        expr: resolveExpr(relation, item.field, item.cast),
        as: item.alias ?? fieldOutputName(item.field),
      });
    } else {
      const { target, rel } = resolveRelationship(pc.cache, keysOf, item.name, item.hint);
      const targetRel = pc.cache.relations.get(target);
      if (!targetRel)
        throw new ApiError(
          400,
          'PGRST200',
          `Could not find a relationship between '${keysOf}' and '${item.name}' in the schema cache`,
        );
      pc.tables.add(target);
      if (rel.kind === 'm2m') pc.tables.add(rel.junction);
      const { join, toOne } = joinOf(pc.cache, rel);
      if (item.spread && !toOne) {
        throw new ApiError(
          400,
          'PGRST119',
          `A spread operation on '${item.name}' is not possible`,
          `'${keysOf}' and '${item.name}' do not form a many-to-one or one-to-one relationship`,
        );
      }
      const names = [...new Set([item.alias, item.name].filter((n): n is string => !!n))];
      const childKeys = [...new Set(optionKeys.flatMap((p) => names.map((n) => (p ? `${p}.${n}` : n))))];
      const embed: EmbedPlan = {
        node: planNode(pc, targetRel, target, item.select, childKeys),
        join,
        toOne,
        inner: item.inner,
        spread: item.spread,
        key: item.alias ?? item.name,
        output: item.select.length > 0,
      };
      node.embeds.push(embed);
      node.select.push({ kind: 'embed', embed });
    }
  }
  const opts = mergedOptions(pc, optionKeys);
  node.conditions = opts.conditions.map((c) => planCondition(node, c));
  node.order = opts.order.map((term): PlannedOrder => {
    if (term.relation === undefined) {
      return { expr: resolveExpr(relation, term.field), direction: term.direction, nulls: term.nulls };
    }
    const embed = node.embeds.find((e) => e.key === term.relation);
    if (!embed) throw notEmbedded(term.relation);
    if (!embed.toOne) {
      throw new ApiError(
        400,
        'PGRST118',
        `A related order on '${term.relation}' is not possible`,
        `'${relation.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    return {
      expr: resolveExpr(embed.node.relation, term.field),
      embed,
      direction: term.direction,
      nulls: term.nulls,
    };
  });
  node.limit = opts.limit;
  node.offset = opts.offset;
  return node;
}

function planCondition(node: NodePlan, cond: Condition): PlannedCondition {
  if (cond.type === 'logic') {
    return {
      type: 'logic',
      op: cond.op,
      negated: cond.negated,
      children: cond.children.map((c) => planCondition(node, c)),
    };
  }
  const { filter } = cond;
  if (!node.relation.columns.has(filter.field.name) && filter.field.path.length === 0 && filter.op === 'is') {
    const embed = node.embeds.find((e) => e.key === filter.field.name);
    if (embed && (filter.value === 'null' || filter.value === 'not_null')) {
      return { type: 'embedNull', embed, isNull: (filter.value === 'null') !== filter.negated };
    }
  }
  return { type: 'filter', expr: resolveExpr(node.relation, filter.field), filter };
}

/** Pairs the columns of a key: `a[i]` with `b[i]`. */
function zip(a: string[], b: string[]): [string, string][] {
  return a.map((c, i) => [c, b[i] ?? c]);
}

function joinOf(cache: SchemaCache, rel: Relationship): { join: Join; toOne: boolean } {
  if (rel.kind === 'm2o') {
    const pairs = zip(rel.fk.fromColumns, rel.fk.toColumns).map(([outer, inner]) => ({ outer, inner }));
    return { join: { kind: 'direct', pairs }, toOne: true };
  }
  if (rel.kind === 'o2m') {
    const pairs = zip(rel.fk.toColumns, rel.fk.fromColumns).map(([outer, inner]) => ({ outer, inner }));
    return { join: { kind: 'direct', pairs }, toOne: isUniqueOn(cache, rel.fk.from, rel.fk.fromColumns) };
  }
  return {
    join: {
      kind: 'junction',
      junction: rel.junction,
      outerPairs: zip(rel.outerFk.toColumns, rel.outerFk.fromColumns).map(([outer, junction]) => ({
        outer,
        junction,
      })),
      innerPairs: zip(rel.innerFk.toColumns, rel.innerFk.fromColumns).map(([inner, junction]) => ({
        inner,
        junction,
      })),
    },
    toOne: false,
  };
}
