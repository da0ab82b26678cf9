/**
 * A SQL url fit to show: the password of a URL, a Go DSN (`user:****@tcp(…)`) or an ADO-style
 * string (`password=****`) hidden.
 */
export function redactSqlUrl(raw: string, redactUrl: (s: string) => string): string {
  const dsn = /^((?:[a-z]+:\/\/)?[^:@/]*):.*@([a-z0-9]*\()/i;
  if (dsn.test(raw)) return raw.replace(dsn, '$1:****@$2');
  if (/(^|;)\s*(password|pwd)\s*=/i.test(raw))
    return raw.replace(/((?:^|;)\s*(?:password|pwd)\s*=)[^;]*/gi, '$1****');
  return redactUrl(raw);
}
