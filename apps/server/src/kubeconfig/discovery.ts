/**
 * The Kubernetes discovery documents kubectl reads before `get canaries`: the legacy core group
 * (no resources), one API group `canaries.flanksource.com/v1` with the read-only `canaries`
 * resource. Plain JSON: kubectl falls back from aggregated discovery on its own.
 */
export const GROUP = 'canaries.flanksource.com';
export const VERSION = 'v1';
export const GROUP_VERSION = `${GROUP}/${VERSION}`;

export const apiVersions = { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [] };

export const coreResources = { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: 'v1', resources: [] };

const group = {
  name: GROUP,
  versions: [{ groupVersion: GROUP_VERSION, version: VERSION }],
  preferredVersion: { groupVersion: GROUP_VERSION, version: VERSION },
};

export const apiGroupList = { kind: 'APIGroupList', apiVersion: 'v1', groups: [group] };

export const apiGroup = { kind: 'APIGroup', apiVersion: 'v1', ...group };

export const canaryResources = {
  kind: 'APIResourceList',
  apiVersion: 'v1',
  groupVersion: GROUP_VERSION,
  resources: [
    {
      name: 'canaries',
      singularName: 'canary',
      namespaced: true,
      kind: 'Canary',
      verbs: ['get', 'list'],
      shortNames: ['canary'],
      categories: ['all'],
    },
  ],
};

/** A Kubernetes `Status` error, the shape kubectl prints. */
export function kubeStatus(code: number, reason: string, message: string, details?: Record<string, unknown>) {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    details,
    code,
  };
}
