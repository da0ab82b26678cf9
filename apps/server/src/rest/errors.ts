/** A PostgREST-shaped error: `{code, message, details, hint}` with its HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    /** The form fields the error is about (a unique name, a missing value): the web shows it there. */
    readonly fields: readonly string[] = [],
  ) {
    super(message);
  }

  body(): {
    code: string;
    message: string;
    details: unknown;
    hint: string | null;
    fields?: readonly string[];
  } {
    const base = { code: this.code, message: this.message, details: this.details, hint: this.hint };
    return this.fields.length ? { ...base, fields: this.fields } : base;
  }
}

/** PGRST100: the query string (or a header) could not be parsed. */
export function parseError(message: string, details: string | null = null): ApiError {
  return new ApiError(400, 'PGRST100', message, details);
}

export function columnNotFound(column: string, table: string): ApiError {
  return new ApiError(400, '42703', `column ${table}.${column} does not exist`);
}

export function tableNotFound(table: string): ApiError {
  return new ApiError(404, '42P01', `relation "public.${table}" does not exist`, null, null);
}
