import type { DomainModule } from '../platform/domain.js';
import { integrationsRoutes } from './routes.js';

/**
 * Integrations: the chart definitions of the Add Integration modal, from the public chart
 * registry or the bundled copies (docs/integrations.md). The integrations list itself is a view
 * read through the data API.
 */
export const integrationsDomain: DomainModule = {
  name: 'integrations',
  routes: integrationsRoutes,
};
