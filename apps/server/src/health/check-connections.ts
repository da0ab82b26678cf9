import { canonicalCheckType } from '@opsdeck/shared';
import type { SpecReference } from '../connections/index.js';
import { NESTED_CONNECTIONS } from './checks/connection.js';

/** Every check's `connection` value, with where it stands in the spec. */
export function checkConnections(spec: unknown): SpecReference[] {
  const refs: SpecReference[] = [];
  for (const [type, given] of Object.entries((spec ?? {}) as Record<string, unknown>)) {
    if (!canonicalCheckType(type)) continue;
    // canary-checker's webhook is a single object.
    const list: unknown = given && typeof given === 'object' && !Array.isArray(given) ? [given] : given;
    if (!Array.isArray(list)) continue;
    list.forEach((check: unknown, i) => {
      if (check && typeof check === 'object' && 'connection' in check) {
        refs.push({ path: `spec.${type}.${i}.connection`, value: check.connection });
      }
      for (const { key } of NESTED_CONNECTIONS[type] ?? []) {
        const nested = (check as Record<string, unknown> | null)?.[key];
        if (nested && typeof nested === 'object' && 'connection' in nested) {
          refs.push({ path: `spec.${type}.${i}.${key}.connection`, value: nested.connection });
        }
      }
    });
  }
  return refs;
}
