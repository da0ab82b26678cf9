import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function openssl(dir: string, args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

/** openssl arguments for a new P-256 key without a passphrase (req -newkey). */
export const NEW_EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';

/**
 * A self-signed certificate for 127.0.0.1 (CN localhost) valid between the two dates (openssl
 * CLI), for TLS peers: HTTPS, SMTP, MariaDB. Nothing trusts it, so a client that verifies fails.
 */
export function selfSignedCert(notBefore: Date, notAfter: Date): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-cert-'));
  try {
    openssl(dir, [
      'req',
      '-new',
      ...NEW_EC_KEY,
      '-keyout',
      'k.pem',
      '-out',
      'csr.pem',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
    fs.writeFileSync(path.join(dir, 'index.txt'), '');
    fs.writeFileSync(path.join(dir, 'serial'), '01\n');
    fs.writeFileSync(
      path.join(dir, 'cfg'),
      '[ca]\ndefault_ca=d\n[d]\ndir=.\ndatabase=index.txt\nnew_certs_dir=.\nserial=serial\ndefault_md=sha256\npolicy=p\ncopy_extensions=copy\nunique_subject=no\n[p]\ncommonName=supplied\n',
    );
    openssl(dir, [
      'ca',
      '-batch',
      '-config',
      'cfg',
      '-selfsign',
      '-keyfile',
      'k.pem',
      '-in',
      'csr.pem',
      '-startdate',
      stamp(notBefore),
      '-enddate',
      stamp(notAfter),
      '-out',
      'c.pem',
    ]);
    return {
      key: fs.readFileSync(path.join(dir, 'k.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'c.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One valid from yesterday for 90 days. */
export const currentSelfSignedCert = () =>
  selfSignedCert(new Date(Date.now() - 86_400_000), new Date(Date.now() + 90 * 86_400_000));
