/** The typed request the parser produces: nothing here has been checked against the schema. */

export type JsonStep = { arrow: '->' | '->>'; key: string | number };

/** A column, optionally followed by a JSON path: `labels->team->>name`. */
export type FieldRef = { name: string; path: JsonStep[] };

export type SelectField = { type: 'field'; field: FieldRef; alias?: string; cast?: string };
export type SelectStar = { type: 'star' };
export type SelectEmbed = {
  type: 'embed';
  /** Table, view, FK column or FK column without `_id`, as written. */
  name: string;
  alias?: string;
  hint?: string;
  inner: boolean;
  spread: boolean;
  select: SelectItem[];
};
export type SelectItem = SelectStar | SelectField | SelectEmbed;

/** Operators that accept `(any)` / `(all)` with a `{a,b}` list. */
const QUANTIFIABLE_OPERATORS = ['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'] as const;
const FTS_OPERATOR_NAMES = ['fts', 'plfts', 'phfts', 'wfts'] as const;
export const OPERATORS = [
  ...QUANTIFIABLE_OPERATORS,
  ...FTS_OPERATOR_NAMES,
  ...(['neq', 'in', 'is', 'isdistinct', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const),
] as const;
export type Operator = (typeof OPERATORS)[number];
export const FTS_OPERATORS: ReadonlySet<Operator> = new Set(FTS_OPERATOR_NAMES);
export const QUANTIFIABLE: ReadonlySet<Operator> = new Set(QUANTIFIABLE_OPERATORS);

export type Filter = {
  field: FieldRef;
  negated: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  /** The text search configuration of `fts(english)`. */
  ftsConfig?: string;
  /** One value, or a list for `in` and quantified operators. */
  value: string | string[];
};

export type Condition =
  | { type: 'filter'; filter: Filter }
  | { type: 'logic'; op: 'and' | 'or'; negated: boolean; children: Condition[] };

export type OrderTerm = {
  field: FieldRef;
  /** `order=rel(col)`: a column of an embedded to-one resource. */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
};

/** Filters, order and paging for the root resource or one embed (keyed by its path). */
export type NodeOptions = { conditions: Condition[]; order: OrderTerm[]; limit?: number; offset?: number };

export type ReturnPref = 'minimal' | 'headers-only' | 'representation';
export type CountPref = 'exact' | 'planned' | 'estimated';

export type Preferences = {
  return?: ReturnPref;
  count?: CountPref;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
};

export type MediaType = 'json' | 'object' | 'csv';

export type ApiRequest = {
  select: SelectItem[];
  /** Options of the root ('' key) and of embeds ('rel', 'rel.sub'). */
  options: Map<string, NodeOptions>;
  onConflict?: string[];
  columns?: string[];
  /** Arguments of GET /rpc/fn taken from the query string. */
  rpcArgs: Map<string, string>;
  prefer: Preferences;
  media: MediaType;
  stripNulls: boolean;
  /** From the Range header: offset and optional inclusive end. */
  range?: { offset: number; limit?: number };
};
