/**
 * The words a generated form shows for spec keys (canary-checker's, config-db's and our own):
 * `thresholdMillis` reads 'Response time limit (ms)', not the key. A key not listed is spelled
 * out ('maxSSLExpiry' → 'Max SSL expiry'); the key itself stays what the YAML holds.
 */
const LABELS: Readonly<Record<string, string>> = {
  url: 'URL',
  endpoint: 'Endpoint',
  addr: 'Address',
  method: 'HTTP method',
  body: 'Request body',
  templateBody: 'Body is a Go template',
  headers: 'Headers',
  env: 'Environment variables',
  responseCodes: 'Expected status codes',
  responseContent: 'Response must contain',
  responseJSONContent: 'Response JSON must contain',
  maxSSLExpiry: 'Fail when the certificate expires within (days)',
  thresholdMillis: 'Response time limit (ms)',
  dependsOn: 'Runs after (check names)',
  ntlm: 'NTLM',
  ntlmv2: 'NTLMv2',
  bearer: 'Bearer token',
  oauth2: 'OAuth2',
  awsSigV4: 'AWS SigV4',
  tlsConfig: 'TLS',
  skipTLSVerify: 'Skip TLS verification',
  querytype: 'Record type',
  minrecords: 'At least (records)',
  exactreply: 'Exact reply',
  server: 'DNS server',
  packetCount: 'Packets to send',
  packetLossThreshold: 'Packet loss allowed (%)',
  results: 'Expected rows',
  db: 'Database number',
  inCluster: 'In cluster',
};

/** Written in capitals wherever they appear in a key. */
const ACRONYMS = new Set(
  'api aws dns gcp http https icmp id ip json ldap sftp smb sql ssl tcp tls url uri'.split(' '),
);

/** A key's words: `maxSSLExpiry` → max, SSL, Expiry; `kubernetes_file` → kubernetes, file. */
function words(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean);
}

/** The label of a spec key: the form's own words for it, the known ones, else the key spelled out. */
export function fieldLabel(key: string, overrides?: Readonly<Record<string, string>>): string {
  const known = overrides?.[key] ?? LABELS[key];
  if (known) return known;
  return words(key)
    .map((w, i) => {
      if (ACRONYMS.has(w.toLowerCase())) return w.toUpperCase();
      const lower = w.toLowerCase();
      return i === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}

/** A schema description's first sentence: one line of help under a field. */
export function fieldHint(description: string | undefined): string | undefined {
  if (!description) return undefined;
  const first = description
    .trim()
    .split(/(?<=\.)\s|\n/)[0]
    ?.trim();
  return first ? first.replace(/\.$/, '') : undefined;
}
