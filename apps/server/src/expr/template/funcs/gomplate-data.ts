import { createHash, randomUUID } from 'node:crypto';
import { isNil, printValue, toJson, truth } from '../values.js';
import { int, num, str } from './args.js';
import { collectionFunctions } from './collections.js';
import { encodingFunctions } from './encoding.js';
import { numberFunctions } from './numbers.js';
import { fn, type FunctionTable } from './types.js';

/**
 * gomplate's `data.*`, `conv.*`, `base64.*`, `crypto.*` and `uuid.*` namespaces and their
 * top-level aliases (`json`, `toJSONPretty`, `bool`…), as canary-checker templates call them.
 * Parsing and printing reuse the sprig functions in encoding.ts.
 */

const enc = encodingFunctions;
const parseJson = (s: unknown) => enc.fromJSON!.fn(s);
const parseYaml = (s: unknown) => enc.fromYAML!.fn(s);

function arrayOnly(kind: string, parse: (s: unknown) => unknown) {
  return (s: unknown): unknown => {
    const v = parse(s);
    if (!Array.isArray(v)) throw new Error(`expected a ${kind} array`);
    return v;
  };
}

/**
 * gomplate's ToJSONPretty: the indent string comes first. An empty indent still breaks lines
 * (Go's MarshalIndent): indented with NUL, which JSON text never holds raw, then removed.
 */
function toJsonPretty(...args: unknown[]): string {
  const indent = args.length === 2 ? str(args[0]) : '  ';
  return indent === '' ? toJson(args.at(-1), '\u0000').replaceAll('\u0000', '') : toJson(args.at(-1), indent);
}

/** gomplate's ToBool: true, 1, and the strings "t", "true", "yes" or a number that is 1. */
function toBool(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' || typeof v === 'bigint') return Number(v) === 1;
  if (typeof v !== 'string') return false;
  const s = v.trim().toLowerCase();
  return s === 't' || s === 'true' || s === 'yes' || Number(s) === 1;
}

/** gomplate's ToFloat64/ToInt64: numbers, booleans and number-like strings (commas allowed). */
function toNumber(v: unknown): number {
  if (typeof v === 'string') {
    const n = Number(v.trim().replaceAll(',', ''));
    return Number.isNaN(n) ? 0 : n;
  }
  if (isNil(v)) return 0;
  try {
    return num(v);
  } catch {
    return 0;
  }
}

const toInt = (v: unknown) => Math.trunc(toNumber(v));
const toStr = (v: unknown) => (isNil(v) ? 'nil' : printValue(v));

function parseGoInt(s: unknown, base: unknown): number {
  const text = str(s).trim();
  const b = int(base);
  // Base 0 reads the prefix (0x, 0o, 0b) as Go does.
  const n = b === 0 ? Number(text) : Number.parseInt(text, b);
  if (Number.isNaN(n)) throw new Error(`strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
  return n;
}

function parseGoFloat(s: unknown): number {
  const n = Number(str(s).trim());
  if (Number.isNaN(n) && str(s).trim() !== 'NaN')
    throw new Error(`strconv.ParseFloat: parsing ${JSON.stringify(str(s))}: invalid syntax`);
  return n;
}

const hash = (algorithm: string) => (s: unknown) =>
  createHash(algorithm).update(str(s), 'utf8').digest('hex');

const coll = collectionFunctions;

export const gomplateDataFunctions: FunctionTable = {
  'data.JSON': fn(1, 1, parseJson),
  'data.JSONArray': fn(1, 1, arrayOnly('JSON', parseJson)),
  'data.YAML': fn(1, 1, parseYaml),
  'data.YAMLArray': fn(1, 1, arrayOnly('YAML', parseYaml)),
  'data.ToJSON': enc.toJSON!,
  'data.ToJSONPretty': fn(2, 2, toJsonPretty),
  'data.ToYAML': enc.toYAML!,
  json: fn(1, 1, parseJson),
  jsonArray: fn(1, 1, arrayOnly('JSON', parseJson)),
  yaml: fn(1, 1, parseYaml),
  yamlArray: fn(1, 1, arrayOnly('YAML', parseYaml)),
  toJSONPretty: fn(1, 2, toJsonPretty),
  'conv.Bool': fn(1, 1, toBool),
  'conv.ToBool': fn(1, 1, toBool),
  'conv.ToBools': fn(0, Infinity, (...xs) => xs.map(toBool)),
  'conv.Default': fn(2, 2, (fallback, v) => (truth(v) ? v : fallback)),
  'conv.Dict': coll.dict!,
  'conv.Slice': fn(0, Infinity, (...items) => items),
  'conv.Has': fn(2, 2, (v, key) => coll.has!.fn(v, key)),
  'conv.Join': fn(2, 2, (l, sep) => (Array.isArray(l) ? l : isNil(l) ? [] : [l]).map(str).join(str(sep))),
  'conv.ParseInt': fn(3, 3, (s, base) => parseGoInt(s, base)),
  'conv.ParseUint': fn(3, 3, (s, base) => parseGoInt(s, base)),
  'conv.ParseFloat': fn(2, 2, (s) => parseGoFloat(s)),
  'conv.Atoi': numberFunctions.atoi!,
  'conv.ToInt': fn(1, 1, toInt),
  'conv.ToInt64': fn(1, 1, toInt),
  'conv.ToInts': fn(0, Infinity, (...xs) => xs.map(toInt)),
  'conv.ToInt64s': fn(0, Infinity, (...xs) => xs.map(toInt)),
  'conv.ToFloat64': fn(1, 1, toNumber),
  'conv.ToFloat64s': fn(0, Infinity, (...xs) => xs.map(toNumber)),
  'conv.ToString': fn(1, 1, toStr),
  'conv.ToStrings': fn(0, Infinity, (...xs) => xs.map(toStr)),
  bool: fn(1, 1, toBool),
  'base64.Encode': enc.b64enc!,
  'base64.Decode': enc.b64dec!,
  'crypto.SHA1': fn(1, 1, hash('sha1')),
  'crypto.SHA224': fn(1, 1, hash('sha224')),
  'crypto.SHA256': fn(1, 1, hash('sha256')),
  'crypto.SHA384': fn(1, 1, hash('sha384')),
  'crypto.SHA512': fn(1, 1, hash('sha512')),
  'uuid.V4': fn(0, 0, () => randomUUID()),
  'uuid.IsValid': fn(1, 1, (s) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(str(s)),
  ),
};
