import type { Filter, JsonStep } from '../parse/types.js';
import type { ForeignKey, Relation } from '../schema/types.js';

/** How a column holding credentials is read (see SecretColumn in @opsdeck/shared). */
export type Redaction = 'spec' | 'parameters' | 'secret' | 'sealed';

/** A resolved column with its JSON path and cast; `type` is the type of the value it yields. */
export type ColumnExpr = {
  column: string;
  columnType: string;
  category: string;
  path: JsonStep[];
  cast?: string;
  type: string;
  /** Set by redactPlan (secrets.ts): the column is read through its masking function. */
  redact?: Redaction;
};

export type Join =
  | { kind: 'direct'; pairs: { outer: string; inner: string }[] }
  | {
      kind: 'junction';
      junction: string;
      outerPairs: { outer: string; junction: string }[];
      innerPairs: { inner: string; junction: string }[];
    };

export type EmbedPlan = {
  node: NodePlan;
  join: Join;
  toOne: boolean;
  inner: boolean;
  spread: boolean;
  /** The key it appears under in the parent (alias or name). */
  key: string;
  /** False for `rel()`: joined for filtering only, not output. */
  output: boolean;
};

export type SelectOut =
  { kind: 'column'; expr: ColumnExpr; as: string } | { kind: 'embed'; embed: EmbedPlan };

export type PlannedCondition =
  | { type: 'filter'; expr: ColumnExpr; filter: Filter }
  | { type: 'logic'; op: 'and' | 'or'; negated: boolean; children: PlannedCondition[] }
  /** `rel=is.null` / `rel=not.is.null`: whether an embedded resource has matching rows. */
  | { type: 'embedNull'; embed: EmbedPlan; isNull: boolean };

export type PlannedOrder = {
  expr: ColumnExpr;
  embed?: EmbedPlan;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
};

export type NodePlan = {
  relation: Relation;
  /** SQL alias of this node's rows: t0, t1, … */
  alias: string;
  select: SelectOut[];
  embeds: EmbedPlan[];
  conditions: PlannedCondition[];
  order: PlannedOrder[];
  limit?: number;
  offset?: number;
};

export type Relationship =
  | { kind: 'm2o'; fk: ForeignKey }
  | { kind: 'o2m'; fk: ForeignKey }
  | { kind: 'm2m'; junction: string; outerFk: ForeignKey; innerFk: ForeignKey };

/** What a write changes, as the SQL stage builds it (sql/write.ts). */
export type Mutation =
  | {
      kind: 'insert';
      columns: string[];
      payload: string;
      missingDefault: boolean;
      conflict?: { columns: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' };
    }
  | { kind: 'update'; columns: string[]; payload: string }
  | { kind: 'delete' };
