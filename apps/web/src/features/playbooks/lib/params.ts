import { parseDuration } from '@opsdeck/shared';
import { parse } from 'yaml';
import type { RunParam } from '../api/types.js';

export const REQUIRED = 'This field is required';
export const DNS1123 = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** A parameter's property as text ('' when absent); properties are templated strings or values. */
export function prop(p: RunParam, key: string): string {
  const v = p.properties?.[key];
  if (v === undefined || v === null) return '';
  return typeof v === 'string'
    ? v
    : typeof v === 'object'
      ? JSON.stringify(v)
      : String(v as number | boolean);
}

function num(p: RunParam, key: string): number | undefined {
  const s = prop(p, key);
  if (s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** list / duration options: [{label, value}] or plain strings. */
export function options(p: RunParam): Array<{ label: string; value: string }> {
  const raw = p.properties?.options;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((o: unknown) => {
    if (typeof o === 'string') return [{ label: o, value: o }];
    if (typeof o === 'object' && o !== null) {
      const r = o as Record<string, unknown>;
      const value = typeof r.value === 'string' ? r.value : undefined;
      if (value === undefined) return [];
      return [{ label: typeof r.label === 'string' ? r.label : value, value }];
    }
    return [];
  });
}

/** The parameter's type; untyped parameters are text. */
export function paramType(p: RunParam): string {
  return p.type || 'text';
}

/** The first value shown: the rendered default (a code default pretty as YAML/JSON), else empty. */
export function defaultValue(p: RunParam): string {
  const d = p.default;
  const type = paramType(p);
  if (type === 'checkbox') return d === true || d === 'true' ? 'true' : 'false';
  if (d === undefined || d === null) return '';
  if (typeof d !== 'string') return JSON.stringify(d, null, 2);
  if (type === 'code' && d.trim()) {
    // A code default is YAML or JSON; re-indented so it reads well in the editor.
    try {
      const parsed: unknown = parse(d);
      if (typeof parsed === 'object' && parsed !== null && prop(p, 'language') === 'json')
        return JSON.stringify(parsed, null, 2);
    } catch {
      return d;
    }
  }
  return d;
}

/** Every parameter's first value; a re-run passes its own values instead of defaults. */
export function initialValues(params: RunParam[], values?: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of params) out[p.name] = values?.[p.name] ?? defaultValue(p);
  return out;
}

const BYTES = /^\d+(\.\d+)?\s*(Ki|Mi|Gi|Ti|K|M|G|T|B)?$/;
const MILLICORES = /^\d+(\.\d+)?m?$/;

/**
 * How a parameter's value is entered: `bytes` (a memory size: a number and Mi, Gi or Ti) or
 * `millicores` (CPU: a number of millicores, stored with the suffix m) — from the type of that
 * name or from `properties.format` on a text parameter (doc 1 §3).
 */
export function sizeFormat(p: RunParam): 'bytes' | 'millicores' | undefined {
  const type = paramType(p);
  const format = prop(p, 'format');
  if (type === 'bytes' || (type === 'text' && format === 'bytes')) return 'bytes';
  if (type === 'millicores' || (type === 'text' && format === 'millicores')) return 'millicores';
  return undefined;
}

/** Memory units the input offers; Mi first, the default. */
export const MEMORY_UNITS = ['Mi', 'Gi', 'Ti'] as const;
export type MemoryUnit = (typeof MEMORY_UNITS)[number];

/** '512Mi' → {amount: '512', unit: 'Mi'}; another spelling (2G, 1024Ki) → undefined. */
export function splitMemory(value: string): { amount: string; unit: MemoryUnit } | undefined {
  if (value.trim() === '') return { amount: '', unit: 'Mi' };
  const m = /^(\d+(?:\.\d+)?)(Mi|Gi|Ti)$/.exec(value.trim());
  return m ? { amount: m[1] ?? '', unit: (m[2] ?? 'Mi') as MemoryUnit } : undefined;
}

/** '500m' → '500'; '' → ''; another spelling (0.5) → undefined. */
export function splitMillicores(value: string): string | undefined {
  if (value.trim() === '') return '';
  return /^(\d+)m$/.exec(value.trim())?.[1];
}

/** What is wrong with a value, or undefined. */
export function validateParam(p: RunParam, value: string): string | undefined {
  const type = paramType(p);
  const v = value.trim();
  if (type === 'checkbox') return undefined;
  if (!v) return p.required ? REQUIRED : undefined;
  const minLength = num(p, 'minLength');
  const maxLength = num(p, 'maxLength');
  if (minLength !== undefined && value.length < minLength) return `Must be at least ${minLength} characters`;
  if (maxLength !== undefined && value.length > maxLength) return `Must be at most ${maxLength} characters`;
  const regex = prop(p, 'regex');
  if (regex) {
    try {
      if (!new RegExp(regex).test(value)) return `Must match ${regex}`;
    } catch {
      // A regex the browser cannot read is the server's to judge.
    }
  }
  const format = prop(p, 'format');
  if (format === 'dns1123' && !DNS1123.test(v))
    return 'Must be lowercase letters, digits and hyphens in dot-separated labels';
  if (type === 'duration') {
    if (parseDuration(v) === undefined) return 'Must be a duration such as 30s, 5m or 1h';
    return range(parseDuration(v), durationBound(p, 'min'), durationBound(p, 'max'));
  }
  const size = sizeFormat(p);
  if (size === 'bytes' && !BYTES.test(v)) return 'Must be a size such as 512Mi or 2Gi';
  if (size === 'millicores' && !MILLICORES.test(v)) return 'Must be millicores such as 500m';
  if (size) return undefined;
  if (type === 'text' && (num(p, 'min') !== undefined || num(p, 'max') !== undefined)) {
    const n = Number(v);
    if (!Number.isFinite(n)) return 'Must be a number';
    return range(n, num(p, 'min'), num(p, 'max'));
  }
  return undefined;
}

function durationBound(p: RunParam, key: string): number | undefined {
  const s = prop(p, key);
  return s ? parseDuration(s) : undefined;
}

function range(n: number | undefined, min: number | undefined, max: number | undefined): string | undefined {
  if (n === undefined) return undefined;
  if (min !== undefined && n < min) return 'Value is below the minimum';
  if (max !== undefined && n > max) return 'Value is above the maximum';
  return undefined;
}
