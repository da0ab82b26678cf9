/**
 * An `Authorization: Basic` value (RFC 7617): `user:password` in base64, UTF-8 encoded. An absent
 * password is sent empty, as curl and Go's SetBasicAuth do.
 */
export function basicAuthorization(user: string, password = ''): string {
  return `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/**
 * Takes a URL's `user:password@` out of it (they must not travel in the request line or show in
 * errors) and gives them back as a Basic Authorization value; undefined when the URL has none.
 */
export function takeUrlCredentials(url: URL): string | undefined {
  if (!url.username && !url.password) return undefined;
  const value = basicAuthorization(decodeURIComponent(url.username), decodeURIComponent(url.password));
  url.username = '';
  url.password = '';
  return value;
}
