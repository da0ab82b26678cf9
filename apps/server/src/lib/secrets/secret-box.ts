import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM encryption of secrets at rest (TOTP secrets, connection credentials). The key
 * comes from SECRET_KEY, or from DATA_DIR/secret.key, created with mode 0600 on first use.
 * Build it through `secretBox(config)` (index.ts) so every domain shares one per server.
 */
export class SecretBox {
  private key: Buffer | undefined;

  constructor(
    private readonly secretKey: string | undefined,
    private readonly dataDir: string,
  ) {}

  private getKey(): Buffer {
    if (this.key) return this.key;
    if (this.secretKey) {
      this.key = crypto.createHash('sha256').update(this.secretKey).digest();
      return this.key;
    }
    const file = path.join(this.dataDir, 'secret.key');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(this.dataDir, { recursive: true });
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    }
    this.key = crypto.createHash('sha256').update(fs.readFileSync(file, 'utf8').trim()).digest();
    return this.key;
  }

  /** Fails early (at start) when no key can be read or created. */
  ensureKey(): void {
    this.getKey();
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.getKey(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown secret format');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.getKey(), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
