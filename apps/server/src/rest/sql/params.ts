/** Collects statement parameters; every value from a request goes through here. */
export class Params {
  readonly values: string[] = [];

  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A quoted identifier. Only names read from the schema cache are passed here. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A table or view of the schema cache, by name: resolved through the search_path, whose first
 * schema is the one the cache was read from (`public`, or the role's own schema).
 */
export function tableSql(name: string): string {
  return ident(name);
}

/** A type name for a cast: catalog names (`timestamp with time zone`) as they are, request casts quoted. */
export function castSql(type: string, fromRequest: boolean): string {
  if (!fromRequest) return type;
  const isArray = type.endsWith('[]');
  return ident(isArray ? type.slice(0, -2) : type) + (isArray ? '[]' : '');
}

/** A PostgreSQL array literal `{"a","b"}` of text items. */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
