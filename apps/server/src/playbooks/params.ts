import { parseDuration, type PlaybookParameter, type PlaybookSpec } from '@opsdeck/shared';
import { renderDeep, renderTemplate } from '../expr/index.js';
import { badRequest } from '../platform/http-error.js';
import type { PlaybookTemplateEnv } from './template-env.js';

/**
 * The parameters as the run dialog shows them: each default and each property rendered as a
 * Go template against the run's environment. A template error is a 400 naming the parameter.
 */
export function renderParameters(spec: PlaybookSpec, env: PlaybookTemplateEnv): PlaybookParameter[] {
  return (spec.parameters ?? []).map((p) => {
    try {
      const out: PlaybookParameter = { ...p };
      if (p.default !== undefined) out.default = renderTemplate(p.default, env);
      if (p.properties !== undefined) out.properties = renderDeep(p.properties, env);
      return out;
    } catch (e) {
      throw badRequest(`parameter ${p.name}: ${(e as Error).message}`);
    }
  });
}

const list = (names: string[]) => names.join(', ');

function checkDuration(p: PlaybookParameter, value: string): void {
  const text = value.trim();
  const ms = parseDuration(text);
  if (ms === undefined) {
    if (text.startsWith('-') && parseDuration(text.slice(1)) !== undefined)
      throw badRequest(`duration for parameter ${p.name} must not be negative`);
    throw badRequest(`invalid duration for parameter ${p.name}: ${value}`);
  }
  const bound = (key: 'min' | 'max') => {
    const v = p.properties?.[key];
    return typeof v === 'string' && v !== '' ? { text: v, ms: parseDuration(v.trim()) } : undefined;
  };
  const min = bound('min');
  const max = bound('max');
  if (min?.ms !== undefined && ms < min.ms)
    throw badRequest(`duration for parameter ${p.name} must be at least ${min.text}`);
  if (max?.ms !== undefined && ms > max.ms)
    throw badRequest(`duration for parameter ${p.name} must be at most ${max.text}`);
}

/** The values a `list` parameter offers: `options: [{label, value}]` (or plain strings). */
function listOptions(p: PlaybookParameter): string[] | undefined {
  const options = p.properties?.options;
  if (!Array.isArray(options)) return undefined;
  return options.flatMap((o): string[] => {
    if (typeof o === 'string') return [o];
    if (o && typeof o === 'object' && 'value' in o) return [String((o as { value: unknown }).value)];
    return [];
  });
}

/**
 * The parameter values a run starts with, as strings: the given ones, then rendered defaults
 * for the rest. Mission Control's messages for unknown and missing parameters; durations must
 * parse, be non-negative and within min/max; a list value must be one of its options.
 */
export function resolveParameterValues(
  params: readonly PlaybookParameter[],
  given: Readonly<Record<string, string>>,
): Record<string, string> {
  const names = params.map((p) => p.name);
  const unknown = Object.keys(given).filter((k) => !names.includes(k));
  if (unknown.length > 0)
    throw badRequest(`unknown parameter(s): ${list(unknown)}, valid parameters are: ${list(names)}`);
  const values: Record<string, string> = {};
  for (const p of params) {
    const v = Object.hasOwn(given, p.name) ? given[p.name] : p.default;
    if (v !== undefined) values[p.name] = v;
  }
  const missing = params.filter((p) => p.required && !values[p.name]).map((p) => p.name);
  if (missing.length > 0) throw badRequest(`missing required parameter(s): ${list(missing)}`);
  for (const p of params) {
    const value = values[p.name];
    if (!value) continue;
    if (p.type === 'duration') checkDuration(p, value);
    if (p.type === 'list') {
      const options = listOptions(p);
      if (options && options.length > 0 && !options.includes(value))
        throw badRequest(`parameter ${p.name} must be one of: ${list(options)}`);
    }
  }
  return values;
}
