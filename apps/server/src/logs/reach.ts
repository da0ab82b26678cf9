import type { LoggingBackendSpec } from '@opsdeck/shared';
import { isConnectionReference } from '../connections/index.js';
import { globProblem, type FileAccess } from '../sandbox/file-roots.js';
import { kubeconfigSaveProblem } from '../sandbox/kubeconfig.js';

/**
 * Save-time check of what a backend spec would read on this server: file globs inside the file
 * roots, kubeconfigs without programs or server files. Searches check again (files may move).
 */
export async function backendReachProblems(spec: LoggingBackendSpec, access: FileAccess): Promise<string[]> {
  const problems: string[] = [];
  for (const [i, entry] of spec.backends.entries()) {
    for (const p of entry.file?.path ?? []) {
      const problem = await globProblem(p, access);
      if (problem) problems.push(`backends[${i}].file: ${problem}`);
    }
    const k = entry.kubernetes?.kubeconfig;
    if (k !== undefined && !(typeof k === 'string' && isConnectionReference(k))) {
      const kubeconfig =
        typeof k === 'string' ? k : typeof k.value === 'string' ? { value: k.value } : undefined;
      if (kubeconfig) {
        const problem = await kubeconfigSaveProblem({ kubeconfig }, access);
        if (problem) problems.push(`backends[${i}].kubernetes.kubeconfig: ${problem}`);
      }
    }
  }
  return problems;
}
