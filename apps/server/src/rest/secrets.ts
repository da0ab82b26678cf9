import { FUNCTION_ACCESS, TABLE_ACCESS, type SecretColumn } from '@opsdeck/shared';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { ColumnExpr, NodePlan, PlannedCondition, Redaction } from './plan/types.js';

/** Relation name → its columns read through a mask for this request. */
type Redactions = ReadonlyMap<string, ReadonlyMap<string, Redaction>>;

function relationsOf(node: NodePlan, into = new Set<string>()): Set<string> {
  into.add(node.relation.name);
  for (const embed of node.embeds) relationsOf(embed.node, into);
  return into;
}

/** The secret columns of a table, or of the rows a function returns (its relation has its name). */
function secretColumnsOf(relation: string): Readonly<Record<string, SecretColumn>> | undefined {
  if (Object.hasOwn(TABLE_ACCESS, relation)) return TABLE_ACCESS[relation]?.secrets;
  return Object.hasOwn(FUNCTION_ACCESS, relation) ? FUNCTION_ACCESS[relation]?.secrets : undefined;
}

/**
 * Which columns of the planned relations this caller reads masked: `secret` and `sealed`
 * columns always; `spec` and `parameters` columns unless the caller may write the table the
 * rule names (asked once per table through the data-access hook, like any other permission of
 * the data API).
 */
async function redactionsFor(ctx: ServerContext, req: FastifyRequest, root: NodePlan): Promise<Redactions> {
  const mayWrite = new Map<string, Promise<boolean>>();
  const canWrite = (table: string) => {
    let decision = mayWrite.get(table);
    if (!decision) {
      decision = ctx.dataAccess(req, { kind: 'table', name: table }, 'write').then((d) => d.ok);
      mayWrite.set(table, decision);
    }
    return decision;
  };
  const out = new Map<string, Map<string, Redaction>>();
  for (const relation of relationsOf(root)) {
    const secrets = secretColumnsOf(relation);
    if (!secrets) continue;
    const masked = new Map<string, Redaction>();
    for (const [column, rule] of Object.entries(secrets)) {
      if ('revealTo' in rule && (await canWrite(rule.revealTo))) continue;
      masked.set(column, rule.redact);
    }
    if (masked.size) out.set(relation, masked);
  }
  return out;
}

function mark(expr: ColumnExpr, masked: ReadonlyMap<string, Redaction> | undefined): void {
  const redact = masked?.get(expr.column);
  if (redact) expr.redact = redact;
}

function markCondition(cond: PlannedCondition, masked: ReadonlyMap<string, Redaction> | undefined): void {
  if (cond.type === 'filter') mark(cond.expr, masked);
  else if (cond.type === 'logic') for (const child of cond.children) markCondition(child, masked);
  // embedNull: the embedded node's own conditions are marked with that node.
}

/** Marks every column the plan reads, filters or orders by with its mask, embeds included. */
function applyRedactions(node: NodePlan, redactions: Redactions): void {
  const own = redactions.get(node.relation.name);
  for (const out of node.select) if (out.kind === 'column') mark(out.expr, own);
  for (const cond of node.conditions) markCondition(cond, own);
  for (const order of node.order) {
    mark(order.expr, order.embed ? redactions.get(order.embed.node.relation.name) : own);
  }
  for (const embed of node.embeds) applyRedactions(embed.node, redactions);
}

/**
 * "No secret reaches a reader": columns that may hold credentials (TABLE_ACCESS `secrets`) are
 * read through their masking function in SQL, so selects, filters, ordering and counts all see
 * `***` and a filter cannot be used to guess a secret.
 */
export async function redactSecrets(ctx: ServerContext, req: FastifyRequest, root: NodePlan): Promise<void> {
  const redactions = await redactionsFor(ctx, req, root);
  if (redactions.size) applyRedactions(root, redactions);
}
