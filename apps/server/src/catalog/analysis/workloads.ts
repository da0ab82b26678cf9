import type { Analyser, Insight } from './types.js';
import { isControlled, podSpecs } from './containers.js';

function names(list: { name?: string }[]): string {
  return list.map((c) => c.name ?? '(unnamed)').join(', ');
}

/** Privileged containers, and containers running as root (runAsUser 0). */
export const privilegedContainers: Analyser = (item) => {
  if (isControlled(item.config)) return [];
  const out: Insight[] = [];
  for (const pod of podSpecs(item.config)) {
    const privileged = pod.containers.filter((c) => c.securityContext?.privileged === true);
    if (privileged.length) {
      out.push({
        analyzer: 'privileged-container',
        analysisType: 'security',
        severity: 'high',
        summary: `Privileged container: ${names(privileged)}`,
        message: `Containers ${names(privileged)} run privileged and have full access to the host. Remove securityContext.privileged unless the workload needs host devices.`,
        analysis: { containers: privileged.map((c) => c.name) },
      });
    }
    const podUser = (pod.spec.securityContext as { runAsUser?: number } | undefined)?.runAsUser;
    const root = pod.containers.filter((c) => (c.securityContext?.runAsUser ?? podUser) === 0);
    if (root.length) {
      out.push({
        analyzer: 'root-container',
        analysisType: 'security',
        severity: 'medium',
        summary: `Container runs as root: ${names(root)}`,
        message: `Containers ${names(root)} run as user 0 (root). Set runAsNonRoot: true and a non-zero runAsUser.`,
        analysis: { containers: root.map((c) => c.name) },
      });
    }
  }
  return out;
};

/** Containers without CPU or memory limits. */
export const missingLimits: Analyser = (item) => {
  if (isControlled(item.config)) return [];
  const missing = podSpecs(item.config).flatMap((p) =>
    p.containers.filter((c) => !c.resources?.limits?.cpu || !c.resources.limits.memory),
  );
  if (!missing.length) return [];
  return [
    {
      analyzer: 'missing-resource-limits',
      analysisType: 'reliability',
      severity: 'medium',
      summary: `No CPU or memory limits: ${names(missing)}`,
      message: `Containers ${names(missing)} have no CPU or memory limit, so one of them can starve its neighbours on the node. Set resources.limits.cpu and resources.limits.memory.`,
      analysis: { containers: missing.map((c) => c.name) },
    },
  ];
};

/** Images on the `latest` tag (or no tag at all), which change under the same name. */
export const latestImageTag: Analyser = (item) => {
  if (isControlled(item.config)) return [];
  const latest = podSpecs(item.config).flatMap((p) =>
    p.containers.filter((c) => {
      if (!c.image || c.image.includes('@sha256:')) return false;
      const last = c.image.split('/').at(-1) ?? '';
      return !last.includes(':') || last.endsWith(':latest');
    }),
  );
  if (!latest.length) return [];
  return [
    {
      analyzer: 'latest-image-tag',
      analysisType: 'reliability',
      severity: 'low',
      summary: `Image without a fixed tag: ${latest.map((c) => c.image).join(', ')}`,
      message: `Containers ${names(latest)} use ${latest.map((c) => c.image).join(', ')}. A moving tag makes rollbacks and audits unreliable; pin a version or digest.`,
      analysis: { images: latest.map((c) => c.image) },
    },
  ];
};
