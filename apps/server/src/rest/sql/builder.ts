import type { EmbedPlan, NodePlan, PlannedCondition } from '../plan/types.js';
import { columnSql, conditionSql } from './expr.js';
import { ident, tableSql, type Params } from './params.js';

/**
 * Renders a planned node tree: select lists with embeds as correlated sub-queries
 * (json_agg for to-many, row_to_json for to-one, lateral joins for spreads), WHERE
 * clauses with `!inner` as EXISTS, ORDER BY and paging. Pieces are rendered once and
 * reused, so a WHERE shared by the page and its count binds its values only once.
 */
export class SqlBuilder {
  private readonly wheres = new Map<NodePlan, string>();
  private readonly lists = new Map<NodePlan, string>();

  constructor(readonly params: Params) {}

  /** `a AND b`, or '' without conditions. */
  where(node: NodePlan): string {
    let sql = this.wheres.get(node);
    if (sql !== undefined) return sql;
    const parts = node.conditions.map((c) =>
      conditionSql(node.alias, c, this.params, (e) => this.embedNull(node, e)),
    );
    for (const embed of node.embeds) if (embed.inner) parts.push(this.exists(node, embed));
    sql = parts.join(' AND ');
    this.wheres.set(node, sql);
    return sql;
  }

  list(node: NodePlan): string {
    let sql = this.lists.get(node);
    if (sql !== undefined) return sql;
    const items: string[] = [];
    for (const out of node.select) {
      if (out.kind === 'column') {
        items.push(`${columnSql(node.alias, out.expr, this.params)} AS ${ident(out.as)}`);
      } else if (out.embed.output && out.embed.spread) {
        const lateral = ident(`${out.embed.node.alias}_s`);
        for (const name of this.outputs(out.embed.node))
          items.push(`${lateral}.${ident(name)} AS ${ident(name)}`);
      } else if (out.embed.output) {
        items.push(`${this.embedSubquery(node, out.embed)} AS ${ident(out.embed.key)}`);
      }
    }
    sql = items.join(', ');
    this.lists.set(node, sql);
    return sql;
  }

  /** FROM `source AS alias` plus the lateral joins of spread embeds. */
  from(node: NodePlan, source = tableSql(node.relation.name)): string {
    let sql = `${source} AS ${ident(node.alias)}`;
    for (const embed of node.embeds) {
      if (!embed.spread || !embed.output) continue;
      const child = embed.node;
      const where = this.where(child);
      sql += ` LEFT JOIN LATERAL (SELECT ${this.list(child)} FROM ${this.from(child)} WHERE ${this.join(node, embed)}${where ? ` AND ${where}` : ''} LIMIT 1) AS ${ident(`${child.alias}_s`)} ON true`;
    }
    return sql;
  }

  orderBy(node: NodePlan): string {
    if (!node.order.length) return '';
    const terms = node.order.map((o) => {
      let expr: string;
      if (o.embed) {
        const child = o.embed.node;
        expr = `(SELECT ${columnSql(child.alias, o.expr, this.params)} FROM ${tableSql(child.relation.name)} AS ${ident(child.alias)} WHERE ${this.join(node, o.embed)} LIMIT 1)`;
      } else {
        expr = columnSql(node.alias, o.expr, this.params);
      }
      const dir = o.direction === 'desc' ? ' DESC' : ' ASC';
      const nulls = o.nulls ? ` NULLS ${o.nulls === 'first' ? 'FIRST' : 'LAST'}` : '';
      return `${expr}${dir}${nulls}`;
    });
    return ` ORDER BY ${terms.join(', ')}`;
  }

  paging(node: NodePlan): string {
    return `${node.limit !== undefined ? ` LIMIT ${node.limit}` : ''}${node.offset ? ` OFFSET ${node.offset}` : ''}`;
  }

  /** Output column names of a node, spreads flattened (for the parent's lateral join). */
  private outputs(node: NodePlan): string[] {
    return node.select.flatMap((out) => {
      if (out.kind === 'column') return [out.as];
      if (!out.embed.output) return [];
      return out.embed.spread ? this.outputs(out.embed.node) : [out.embed.key];
    });
  }

  /** The join condition between an outer node and one of its embeds. */
  private join(outer: NodePlan, embed: EmbedPlan): string {
    const o = ident(outer.alias);
    const i = ident(embed.node.alias);
    const j = embed.join;
    if (j.kind === 'direct')
      return j.pairs.map((p) => `${i}.${ident(p.inner)} = ${o}.${ident(p.outer)}`).join(' AND ');
    const ja = ident(`${embed.node.alias}_j`);
    const conds = [
      ...j.outerPairs.map((p) => `${ja}.${ident(p.junction)} = ${o}.${ident(p.outer)}`),
      ...j.innerPairs.map((p) => `${ja}.${ident(p.junction)} = ${i}.${ident(p.inner)}`),
    ];
    return `EXISTS (SELECT 1 FROM ${tableSql(j.junction)} AS ${ja} WHERE ${conds.join(' AND ')})`;
  }

  private exists(outer: NodePlan, embed: EmbedPlan): string {
    const child = embed.node;
    const where = this.where(child);
    return `EXISTS (SELECT 1 FROM ${tableSql(child.relation.name)} AS ${ident(child.alias)} WHERE ${this.join(outer, embed)}${where ? ` AND ${where}` : ''})`;
  }

  private embedNull(outer: NodePlan, cond: Extract<PlannedCondition, { type: 'embedNull' }>): string {
    return `${cond.isNull ? 'NOT ' : ''}${this.exists(outer, cond.embed)}`;
  }

  private embedSubquery(outer: NodePlan, embed: EmbedPlan): string {
    const child = embed.node;
    const where = this.where(child);
    const e = ident(`${child.alias}_e`);
    const inner = `SELECT ${this.list(child)} FROM ${this.from(child)} WHERE ${this.join(outer, embed)}${where ? ` AND ${where}` : ''}${this.orderBy(child)}`;
    if (embed.toOne) return `(SELECT row_to_json(${e}) FROM (${inner} LIMIT 1) AS ${e})`;
    return `(SELECT coalesce(json_agg(${e}), '[]') FROM (${inner}${this.paging(child)}) AS ${e})`;
  }
}
