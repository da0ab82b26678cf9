/**
 * Fills canary-checker's `$(username)` / `$(password)` placeholders of a connection string;
 * `encode` escapes the values for where they land (a URL's userinfo, or as they are in a DSN).
 */
export function fillCredentials(
  raw: string,
  creds: { username?: string; password?: string },
  encode: (s: string) => string = (s) => s,
): string {
  return raw
    .replace(/\$\(\s*username\s*\)/g, () => encode(creds.username ?? ''))
    .replace(/\$\(\s*password\s*\)/g, () => encode(creds.password ?? ''));
}
