import { createHash, randomUUID } from 'node:crypto';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { toJson } from '../values.js';
import { str } from './args.js';
import { templateOwned } from './collections.js';
import { fn, type FunctionTable } from './types.js';

/** JSON, YAML, base64, hashes and UUIDs. Parsed documents become dicts the template owns. */

function fromJson(s: unknown): unknown {
  try {
    return templateOwned(JSON.parse(str(s)) as unknown);
  } catch (e) {
    throw new Error(`invalid JSON: ${(e as Error).message}`);
  }
}

function fromYaml(s: unknown): unknown {
  try {
    return templateOwned(parseYaml(str(s), { maxAliasCount: 100 }) as unknown);
  } catch (e) {
    throw new Error(`invalid YAML: ${(e as Error).message.split('\n')[0]}`);
  }
}

function toYaml(v: unknown): string {
  if (v === undefined) return 'null';
  // Through JSON first so Maps, Dates and bigints look as they do in toJSON.
  return stringifyYaml(JSON.parse(toJson(v)) as unknown).replace(/\n$/, '');
}

function b64dec(s: unknown): string {
  const text = str(s).trim();
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) throw new Error('illegal base64 data');
  return Buffer.from(text, 'base64').toString('utf8');
}

const hash = (algorithm: string) => (s: unknown) =>
  createHash(algorithm).update(str(s), 'utf8').digest('hex');

export const encodingFunctions: FunctionTable = {
  toJSON: fn(1, 1, (v) => toJson(v)),
  toJson: fn(1, 1, (v) => toJson(v)),
  toPrettyJson: fn(1, 1, (v) => toJson(v, 2)),
  fromJSON: fn(1, 1, fromJson),
  fromJson: fn(1, 1, fromJson),
  toYAML: fn(1, 1, toYaml),
  toYaml: fn(1, 1, toYaml),
  fromYAML: fn(1, 1, fromYaml),
  fromYaml: fn(1, 1, fromYaml),
  b64enc: fn(1, 1, (s) => Buffer.from(str(s), 'utf8').toString('base64')),
  b64dec: fn(1, 1, b64dec),
  sha1sum: fn(1, 1, hash('sha1')),
  sha256sum: fn(1, 1, hash('sha256')),
  uuidv4: fn(0, 0, () => randomUUID()),
};
