import type { DomainModule } from '../platform/domain.js';
import { kubeconfigRoutes } from './routes.js';

/**
 * Kubeconfig: a download that points kubectl at this console with a new token of the caller,
 * and the read-only Kubernetes-style API that answers `kubectl get canaries` (docs/kubeconfig.md).
 */
export const kubeconfigDomain: DomainModule = {
  name: 'kubeconfig',
  routes: kubeconfigRoutes,
};
