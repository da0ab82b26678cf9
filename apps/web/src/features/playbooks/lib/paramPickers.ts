import type { RunParam, RunTarget } from '../api/types.js';
import { prop } from './params.js';

/** The resource kind a component / config / check parameter picks. */
export function pickerKind(type: string): RunTarget['kind'] | undefined {
  return type === 'component' || type === 'config' || type === 'check' ? type : undefined;
}

/** Types that properties.filter narrows a picker to: [{types: [...]}], {types: [...]} or 'a,b'. */
export function filterTypes(p: RunParam): string[] {
  const raw = p.properties?.filter;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.flatMap((f: unknown) => {
    if (typeof f === 'string')
      return f
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (typeof f !== 'object' || f === null) return [];
    const r = f as Record<string, unknown>;
    const types = r.types ?? r.type;
    if (typeof types === 'string') return [types];
    return Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : [];
  });
}

/** Width of a field by properties.size. */
export function sizeClass(p: RunParam): string {
  switch (prop(p, 'size')) {
    case 'very-small':
      return 'max-w-24';
    case 'small':
      return 'max-w-48';
    case 'medium':
      return 'max-w-md';
    case 'large':
      return 'max-w-2xl';
    default:
      return 'w-full';
  }
}

/** The code editor's language for properties.language. */
export function editorLanguage(p: RunParam): 'yaml' | 'json' | 'text' {
  const l = prop(p, 'language').toLowerCase();
  return l === 'json' ? 'json' : l === 'yaml' || l === 'yml' ? 'yaml' : 'text';
}
