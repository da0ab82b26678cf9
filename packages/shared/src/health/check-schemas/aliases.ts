/**
 * Spellings of check types the product spec and older canary-checker versions use, and the
 * type each stands for. A spec may use either; checks are stored under the canonical type.
 */
export const CHECK_TYPE_ALIASES = {
  alertManager: 'alertmanager',
  mongo: 'mongodb',
  azuredevops: 'azureDevops',
} as const;

export type CheckTypeAlias = keyof typeof CHECK_TYPE_ALIASES;

/** canary-checker types that appeared after the first list: accepted, stored, not run. */
export const LATER_PASSTHROUGH_TYPES = [
  'azureDevops',
  'pubsub',
  'gitProtocol',
  'argo',
  'kubernetesResource',
] as const;
