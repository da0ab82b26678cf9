import { isRelativeExpression, resolveRelative } from '@opsdeck/shared';
import { isPlainObject, ownValue } from './own.js';

/**
 * `matchQuery(resource, "type=Kubernetes::Pod,Kubernetes::Deployment name!=postgres tags.cluster=prod")`:
 * space-separated terms, all of which must hold. `field=a,b` matches any listed value,
 * `field!=a,b` none of them; `*` is a wildcard; `>`, `>=`, `<`, `<=` compare numbers or
 * times (`created_at>now-24h`). A field is a dotted path (`tags.cluster`,
 * `config.spec.replicas`); a name missing at the top level is looked up in `tags`, then
 * `labels`; in a list of `{name, …}` entries (component `properties`) a step picks the
 * entry by name and reads its `text` or `value`.
 */

const TERM = /^([^=!<>]+?)(!=|>=|<=|=|>|<)(.*)$/;

function step(current: unknown, key: string): unknown {
  if (Array.isArray(current)) {
    const entry: unknown = current.find((e) => isPlainObject(e) && e.name === key);
    if (!isPlainObject(entry)) return undefined;
    return ownValue(entry, 'text') ?? ownValue(entry, 'value');
  }
  return ownValue(current, key);
}

function lookup(resource: unknown, field: string): unknown {
  const path = field.split('.');
  let value: unknown = resource;
  for (const key of path) value = step(value, key);
  if (value === undefined && path.length === 1) {
    value = ownValue(ownValue(resource, 'tags'), field) ?? ownValue(ownValue(resource, 'labels'), field);
  }
  return value;
}

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v as string | number | boolean);
}

function globMatches(pattern: string, value: string): boolean {
  if (!pattern.includes('*')) return pattern === value;
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
    's',
  );
  return re.test(value);
}

function ordinal(raw: string, now: number): number | undefined {
  if (isRelativeExpression(raw)) return resolveRelative(raw, new Date(now)).getTime();
  if (raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  const t = Date.parse(raw);
  return Number.isNaN(t) ? undefined : t;
}

function compare(actual: unknown, op: string, raw: string, now: number): boolean {
  const a = actual instanceof Date ? actual.getTime() : ordinal(text(actual), now);
  const b = ordinal(raw, now);
  if (a === undefined || b === undefined) return false;
  if (op === '>') return a > b;
  if (op === '>=') return a >= b;
  if (op === '<') return a < b;
  return a <= b;
}

export function matchQuery(resource: unknown, query: string, now = Date.now()): boolean {
  const terms = query.trim().split(/\s+/).filter(Boolean);
  return terms.every((term) => {
    const m = TERM.exec(term);
    if (!m) throw new Error(`matchQuery: "${term}" is not field=value, field!=value or a comparison`);
    const [, field = '', op = '', raw = ''] = m;
    const actual = lookup(resource, field);
    if (op === '=' || op === '!=') {
      const hit = raw.split(',').some((v) => globMatches(v, text(actual)));
      return op === '=' ? hit : !hit;
    }
    return compare(actual, op, raw, now);
  });
}
