import type { Queryable } from '../../db/types.js';
import type { Column, ForeignKey, FunctionDef, Relation, SchemaCache } from './types.js';

type RelRow = { oid: number; name: string; kind: string };
type ColRow = {
  rel: number;
  num: number;
  name: string;
  type: string;
  category: string;
  not_null: boolean;
  default_sql: string | null;
  generated: boolean;
};
type ConRow = {
  name: string;
  type: string;
  rel: number;
  frel: number;
  cols: number[];
  fcols: number[] | null;
};
type ViewRow = { view: number; action: string };
type FnRow = {
  name: string;
  returns_set: boolean;
  return_type: string;
  return_typtype: string;
  return_rel: number;
  nargs: number;
  ndefaults: number;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  volatile: boolean;
};

const RELATIONS_SQL = `
SELECT c.oid::int AS oid, c.relname AS name, c.relkind::text AS kind
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`;

const COLUMNS_SQL = `
SELECT a.attrelid::int AS rel, a.attnum::int AS num, a.attname AS name,
  format_type(a.atttypid, NULL) AS type, t.typcategory::text AS category,
  a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS default_sql,
  a.attgenerated <> '' AS generated
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE a.attnum > 0 AND NOT a.attisdropped AND n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'c')
ORDER BY a.attrelid, a.attnum`;

const CONSTRAINTS_SQL = `
SELECT con.conname AS name, con.contype::text AS type, con.conrelid::int AS rel, con.confrelid::int AS frel,
  to_json(con.conkey) AS cols, to_json(con.confkey) AS fcols
FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace
WHERE n.nspname = $1 AND con.contype IN ('p', 'u', 'f')`;

const VIEWS_SQL = `
SELECT r.ev_class::int AS view, r.ev_action::text AS action
FROM pg_rewrite r JOIN pg_class c ON c.oid = r.ev_class JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relkind IN ('v', 'm') AND r.rulename = '_RETURN'`;

const FUNCTIONS_SQL = `
SELECT p.proname AS name, p.proretset AS returns_set, format_type(p.prorettype, NULL) AS return_type,
  t.typtype::text AS return_typtype, t.typrelid::int AS return_rel,
  p.pronargs::int AS nargs, p.pronargdefaults::int AS ndefaults,
  to_json(p.proargnames) AS arg_names, to_json(p.proargmodes) AS arg_modes,
  to_json(ARRAY(
    SELECT format_type(x.oid, NULL)
    FROM unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) WITH ORDINALITY AS x(oid, i) ORDER BY x.i
  )) AS arg_types,
  p.provolatile = 'v' AS volatile
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_type t ON t.oid = p.prorettype
WHERE n.nspname = $1 AND p.prokind = 'f'`;

/** `:resno 1 :resname id ... :resorigtbl 16392 :resorigcol 1` in a view's stored query tree. */
const TARGET_ENTRY = /:resno (\d+) :resname (\S+) :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+)/g;

/**
 * Reads tables, views, columns, keys and functions of the schema the migrations created them
 * in: the first of the role's search_path (`public`, or a schema the role owns and is named
 * after, docs/deploy.md).
 */
export async function loadSchemaCache(db: Queryable): Promise<SchemaCache> {
  const current = await db.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  const schema = current.rows[0]?.schema ?? 'public';
  const [rels, cols, cons, views, fns] = [
    await db.query<RelRow>(RELATIONS_SQL, [schema]),
    await db.query<ColRow>(COLUMNS_SQL, [schema]),
    await db.query<ConRow>(CONSTRAINTS_SQL, [schema]),
    await db.query<ViewRow>(VIEWS_SQL, [schema]),
    await db.query<FnRow>(FUNCTIONS_SQL, [schema]),
  ];

  // Columns by relation oid and attnum, also for composite types (function results).
  const columnsByOid = new Map<number, Map<number, Column>>();
  for (const c of cols.rows) {
    let m = columnsByOid.get(c.rel);
    if (!m) columnsByOid.set(c.rel, (m = new Map()));
    m.set(c.num, {
      name: c.name,
      type: c.type,
      category: c.category,
      notNull: c.not_null,
      defaultSql: c.default_sql,
      generated: c.generated,
    });
  }
  const nameByOid = new Map<number, string>();
  const relations = new Map<string, Relation>();
  for (const r of rels.rows) {
    nameByOid.set(r.oid, r.name);
    const columns = new Map<string, Column>();
    for (const c of columnsByOid.get(r.oid)?.values() ?? []) columns.set(c.name, c);
    relations.set(r.name, {
      name: r.name,
      kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
      columns,
      primaryKey: [],
      uniqueKeys: [],
    });
  }
  const colName = (oid: number, num: number) => columnsByOid.get(oid)?.get(num)?.name;

  const baseFks: ForeignKey[] = [];
  for (const con of cons.rows) {
    const relName = nameByOid.get(con.rel);
    const rel = relName ? relations.get(relName) : undefined;
    if (!rel) continue;
    const names = con.cols.map((n) => colName(con.rel, n));
    if (names.some((n) => n === undefined)) continue;
    const columns = names as string[];
    if (con.type === 'p') rel.primaryKey = columns;
    if (con.type === 'p' || con.type === 'u') rel.uniqueKeys.push(columns);
    if (con.type === 'f') {
      const to = nameByOid.get(con.frel);
      const toColumns = (con.fcols ?? []).map((n) => colName(con.frel, n));
      if (!to || toColumns.some((n) => n === undefined)) continue;
      baseFks.push({
        name: con.name,
        from: rel.name,
        fromColumns: columns,
        to,
        toColumns: toColumns as string[],
      });
    }
  }

  // View column -> base table column, from the view's top-level target list.
  const viewColumns = new Map<string, Map<string, { table: string; column: string }>>();
  for (const v of views.rows) {
    const viewName = nameByOid.get(v.view);
    if (!viewName) continue;
    const candidates = new Map<string, Set<string>>();
    for (const m of v.action.matchAll(TARGET_ENTRY)) {
      const [, resno, resname, tbl, col] = m;
      const own = colName(v.view, Number(resno));
      if (!resname || own !== resname || tbl === '0') continue;
      const base = nameByOid.get(Number(tbl));
      const baseCol = base ? colName(Number(tbl), Number(col)) : undefined;
      if (!base || !baseCol) continue;
      let set = candidates.get(resname);
      if (!set) candidates.set(resname, (set = new Set()));
      set.add(`${base}\u0000${baseCol}`);
    }
    const mapping = new Map<string, { table: string; column: string }>();
    for (const [name, set] of candidates) {
      if (set.size !== 1) continue; // ambiguous: a nested query reused the name
      const [table = '', column = ''] = ([...set][0] ?? '').split('\u0000');
      mapping.set(name, { table, column });
    }
    viewColumns.set(viewName, mapping);
  }

  resolveNestedViews(viewColumns);
  return {
    relations,
    foreignKeys: withViewKeys(baseFks, viewColumns),
    functions: buildFunctions(fns.rows, columnsByOid, nameByOid),
  };
}

/** A view over a view: follow its columns down to the base tables (a few levels at most). */
function resolveNestedViews(viewColumns: Map<string, Map<string, { table: string; column: string }>>): void {
  for (const mapping of viewColumns.values()) {
    for (const [name, origin] of mapping) {
      let current = origin;
      for (let depth = 0; depth < 8; depth++) {
        const next = viewColumns.get(current.table)?.get(current.column);
        if (!next) break;
        current = next;
      }
      mapping.set(name, current);
    }
  }
}

/**
 * Views inherit the keys of their base tables: a key whose columns a view exposes also
 * exists from (or to) that view, under the same constraint name.
 */
function withViewKeys(
  fks: ForeignKey[],
  viewColumns: Map<string, Map<string, { table: string; column: string }>>,
): ForeignKey[] {
  /** Every relation exposing these columns of `table`: itself and views over it. */
  const exposures = (table: string, columns: string[]) => {
    const out = [{ rel: table, columns }];
    for (const [view, mapping] of viewColumns) {
      const mapped = columns.map((c) => {
        for (const [vcol, base] of mapping) if (base.table === table && base.column === c) return vcol;
        return undefined;
      });
      if (mapped.every((c) => c !== undefined)) out.push({ rel: view, columns: mapped as string[] });
    }
    return out;
  };
  const out: ForeignKey[] = [];
  for (const fk of fks) {
    for (const from of exposures(fk.from, fk.fromColumns)) {
      for (const to of exposures(fk.to, fk.toColumns)) {
        out.push({
          name: fk.name,
          from: from.rel,
          fromColumns: from.columns,
          to: to.rel,
          toColumns: to.columns,
          toView: to.rel !== fk.to,
        });
      }
    }
  }
  return out;
}

function buildFunctions(
  rows: FnRow[],
  columnsByOid: Map<number, Map<number, Column>>,
  nameByOid: Map<number, string>,
): Map<string, FunctionDef[]> {
  const out = new Map<string, FunctionDef[]>();
  for (const f of rows) {
    const modes = f.arg_modes ?? f.arg_types.map(() => 'i');
    const names = f.arg_names ?? [];
    const inputs: FunctionDef['args'] = [];
    const outputs: Column[] = [];
    let unnamedInput = false;
    modes.forEach((mode, i) => {
      const name = names[i] ?? '';
      const type = f.arg_types[i] ?? 'text';
      if (mode === 'i' || mode === 'b' || mode === 'v') {
        if (!name) unnamedInput = true;
        inputs.push({ name, type, hasDefault: false });
      }
      if (mode === 'o' || mode === 'b' || mode === 't') {
        outputs.push({ name, type, category: '', notNull: false, defaultSql: null, generated: false });
      }
    });
    if (unnamedInput) continue; // only functions with named parameters are callable by name
    // The last `pronargdefaults` inputs have defaults.
    inputs.forEach((a, i) => (a.hasDefault = i >= inputs.length - f.ndefaults));
    let returns: FunctionDef['returns'];
    if (f.return_type === 'void') returns = { kind: 'void' };
    else if (outputs.length > 0) returns = { kind: 'rows', columns: outputs };
    else if (f.return_typtype === 'c') {
      returns = {
        kind: 'rows',
        columns: [...(columnsByOid.get(f.return_rel)?.values() ?? [])],
        relation: nameByOid.get(f.return_rel),
      };
    } else if (f.return_type === 'record')
      continue; // untyped records cannot be described
    else returns = { kind: 'scalar', type: f.return_type };
    const def: FunctionDef = {
      name: f.name,
      args: inputs,
      returnsSet: f.returns_set,
      returns,
      volatile: f.volatile,
    };
    const list = out.get(f.name) ?? [];
    list.push(def);
    out.set(f.name, list);
  }
  return out;
}
