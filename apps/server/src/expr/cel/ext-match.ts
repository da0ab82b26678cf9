import type { Environment } from '@marcbachmann/cel-js';
import { matchQuery } from '../common/match-query.js';

/** `matchQuery(config, "type=Kubernetes::Pod tags.cluster=prod")`, see common/match-query. */
export function registerMatchExtensions(env: Environment): void {
  env.registerFunction('matchQuery(dyn, string): bool', (resource: unknown, query: string) =>
    matchQuery(resource, query),
  );
}
