import { createHash, randomUUID } from 'node:crypto';
import type { Environment } from '@marcbachmann/cel-js';
import { satisfiesConstraint } from '../common/semver.js';

/**
 * Helpers canary-checker's CEL has that the standard library lacks: `uuid.V4()`,
 * `uuid.IsValid(s)`, `crypto.SHA1/SHA256/SHA384/SHA512(s)` (hex), `base64.encode(s)` /
 * `base64.decode(s)` (text), and `SemverCompare(constraint, version)` (sprig's meaning:
 * true when the version meets the constraint).
 */

class UuidNamespace {}
class CryptoNamespace {}
class Base64Namespace {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hash = (algorithm: string) => (_ns: CryptoNamespace, s: string) =>
  createHash(algorithm).update(s).digest('hex');

export function registerCanaryExtensions(env: Environment): void {
  env
    .registerType('UuidNamespace', UuidNamespace)
    .registerConstant('uuid', 'UuidNamespace', new UuidNamespace())
    .registerType('CryptoNamespace', CryptoNamespace)
    .registerConstant('crypto', 'CryptoNamespace', new CryptoNamespace())
    .registerType('Base64Namespace', Base64Namespace)
    .registerConstant('base64', 'Base64Namespace', new Base64Namespace());
  env
    .registerFunction('UuidNamespace.V4(): string', () => randomUUID())
    .registerFunction('UuidNamespace.IsValid(string): bool', (_ns: UuidNamespace, s: string) => UUID.test(s))
    .registerFunction('CryptoNamespace.SHA1(string): string', hash('sha1'))
    .registerFunction('CryptoNamespace.SHA256(string): string', hash('sha256'))
    .registerFunction('CryptoNamespace.SHA384(string): string', hash('sha384'))
    .registerFunction('CryptoNamespace.SHA512(string): string', hash('sha512'))
    .registerFunction('Base64Namespace.encode(string): string', (_ns: Base64Namespace, s: string) =>
      Buffer.from(s, 'utf8').toString('base64'),
    )
    .registerFunction('Base64Namespace.decode(string): string', (_ns: Base64Namespace, s: string) =>
      Buffer.from(s, 'base64').toString('utf8'),
    )
    .registerFunction('SemverCompare(string, string): bool', (constraint: string, version: string) =>
      satisfiesConstraint(constraint, version),
    );
}
