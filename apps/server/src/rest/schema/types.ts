/** What the data API knows about the database, read from pg_catalog (see load.ts). */

export type Column = {
  name: string;
  /** `format_type` without modifiers, usable in a cast: `text`, `uuid`, `timestamp with time zone`, `text[]`. */
  type: string;
  /** pg_type.typcategory: S string, N numeric, A array, U user (json, uuid), B boolean… */
  category: string;
  notNull: boolean;
  /** The column default as SQL, from pg_get_expr (used for `Prefer: missing=default`). */
  defaultSql: string | null;
  generated: boolean;
};

export type Relation = {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Column sets with a unique constraint (the primary key included). */
  uniqueKeys: string[][];
};

export type ForeignKey = {
  /** Constraint name, used as a hint: `people!team_members_person_id_fkey(*)`. */
  name: string;
  from: string;
  fromColumns: string[];
  to: string;
  toColumns: string[];
  /** The target is a view inheriting the key of its base table. */
  toView?: boolean;
};

export type FunctionArg = { name: string; type: string; hasDefault: boolean };

export type FunctionDef = {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** void, a scalar type, or rows with columns (a table's row type, RETURNS TABLE, OUT params). */
  returns:
    | { kind: 'void' }
    | { kind: 'scalar'; type: string }
    | { kind: 'rows'; columns: Column[]; relation?: string };
  volatile: boolean;
};

export type SchemaCache = {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionDef[]>;
};
