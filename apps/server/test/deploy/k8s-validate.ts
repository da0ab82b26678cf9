import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ClusterRole } from 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRole';
import { ClusterRoleBinding } from 'kubernetes-models/rbac.authorization.k8s.io/v1/ClusterRoleBinding';
import type { Manifest } from './helm-render.js';

type Model = new (data: never) => { validate(): void };

/** The Kubernetes models (OpenAPI schemas) of every kind the charts make, by `apiVersion/kind`. */
const MODELS: Record<string, Model> = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'v1/Service': Service,
  'v1/Secret': Secret,
  'v1/ServiceAccount': ServiceAccount,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'rbac.authorization.k8s.io/v1/ClusterRole': ClusterRole,
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': ClusterRoleBinding,
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
};

function schemaErrors(Model: Model, data: unknown): string {
  try {
    new Model(data as never).validate();
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

/** A value no field's schema accepts (every field has a type, or is a map of typed values). */
const PROBE = Symbol('probe');

/**
 * Fields the schema does not know (a typo such as `readinesProbe`): the Kubernetes schemas allow
 * extra properties, while the API server's strict field validation (kubectl's default) refuses
 * them. A field is known when a value of no type put in its place makes the schema complain there.
 */
function unknownFields(Model: Model, manifest: Manifest): string[] {
  const unknown: string[] = [];
  const visit = (value: unknown, at: (string | number)[]) => {
    if (Array.isArray(value)) value.forEach((item, i) => visit(item, [...at, i]));
    else if (typeof value === 'object' && value !== null)
      for (const [key, child] of Object.entries(value)) {
        const path = [...at, key];
        const probe = structuredClone(manifest) as Record<string | number, unknown>;
        let parent = probe;
        for (const step of at) parent = parent[step] as Record<string | number, unknown>;
        parent[key] = PROBE;
        // Error paths are JSON pointers: `~` and `/` in keys (annotations) are escaped.
        const where = `data/${path.map((k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
        const errors = schemaErrors(Model, probe);
        if (!errors.includes(`${where} `) && !errors.includes(`${where}/`)) unknown.push(path.join('.'));
        else visit(child, path);
      }
  };
  visit(manifest, []);
  return unknown;
}

/**
 * What the schema of the object's kind says is wrong with it, and the fields it does not know;
 * a kind without a schema is a problem too.
 */
export function kubernetesProblems(manifest: Manifest): string[] {
  const key = `${manifest.apiVersion}/${manifest.kind}`;
  const Model = MODELS[key];
  if (!Model) return [`${key} ${manifest.metadata?.name}: no schema for this kind`];
  const errors = schemaErrors(Model, manifest);
  if (errors) return [`${key} ${manifest.metadata.name}: ${errors}`];
  return unknownFields(Model, manifest).map((f) => `${key} ${manifest.metadata.name}: unknown field ${f}`);
}
