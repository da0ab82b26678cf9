import { queryJsonPath, type PathKey } from '../../lib/jsonpath.js';
import { isPlainObject } from '../merge-patch.js';

export type Container = {
  name?: string;
  image?: string;
  securityContext?: { privileged?: boolean; runAsUser?: number; allowPrivilegeEscalation?: boolean };
  resources?: { limits?: Record<string, unknown>; requests?: Record<string, unknown> };
};

export type PodSpec = { spec: Record<string, unknown>; containers: Container[] };

function at(doc: unknown, path: PathKey[]): unknown {
  let cur = doc;
  for (const k of path)
    cur = isPlainObject(cur) || Array.isArray(cur) ? (cur as Record<PathKey, unknown>)[k] : undefined;
  return cur;
}

/** Every pod spec in a config (a Pod, a workload's template, a CronJob's job template). */
export function podSpecs(config: unknown): PodSpec[] {
  return queryJsonPath(config, '$..containers')
    .filter((m) => Array.isArray(m.value) && m.path.at(-2) !== 'status')
    .map((m) => {
      const spec = at(config, m.path.slice(0, -1));
      const containers = [...(m.value as unknown[])];
      const init = isPlainObject(spec) && Array.isArray(spec.initContainers) ? spec.initContainers : [];
      return {
        spec: isPlainObject(spec) ? spec : {},
        containers: [...containers, ...init].filter(isPlainObject) as Container[],
      };
    });
}

/** Workloads managed by a controller are analysed once, on the controller. */
export function isControlled(config: unknown): boolean {
  const refs =
    isPlainObject(config) && isPlainObject(config.metadata) ? config.metadata.ownerReferences : undefined;
  return Array.isArray(refs) && refs.some((r) => isPlainObject(r) && r.controller === true);
}
