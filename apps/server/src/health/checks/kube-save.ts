import { kubeconfigSaveProblem } from '../../sandbox/kubeconfig.js';
import type { FileAccess } from '../../sandbox/file-roots.js';

const KUBE_CHECK_TYPES = ['kubernetes', 'pod', 'namespace', 'kubernetesResource'] as const;

/**
 * Save-time check of the kubeconfigs Kubernetes-family checks give (templates already
 * resolved): exec/auth-provider users and file-path fields are refused, a file path must lie
 * inside the file roots. A check without one is fine here (canary-checker's default is the
 * in-cluster account; the run fails saying what to give). Returns "spec.pod.0.kubeconfig: …".
 */
export async function kubeconfigProblems(spec: unknown, access: FileAccess): Promise<string[]> {
  const problems: string[] = [];
  for (const type of KUBE_CHECK_TYPES) {
    const list = (spec as Record<string, unknown> | null)?.[type];
    if (!Array.isArray(list)) continue;
    for (const [i, check] of list.entries()) {
      const c = (check ?? {}) as { kubeconfig?: unknown; inCluster?: unknown };
      const k = c.kubeconfig;
      const given =
        typeof k === 'string'
          ? k
          : k && typeof k === 'object' && typeof (k as { value?: unknown }).value === 'string'
            ? { value: (k as { value: string }).value }
            : undefined;
      if (given === undefined) continue;
      const problem = await kubeconfigSaveProblem(
        { kubeconfig: given, inCluster: c.inCluster === true },
        access,
      );
      if (problem) problems.push(`spec.${type}.${i}.kubeconfig: ${problem}`);
    }
  }
  return problems;
}
