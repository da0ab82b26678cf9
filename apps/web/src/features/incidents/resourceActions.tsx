import { Siren } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { ResourceAction } from '../../platform/resourceActions.js';

// Loaded when first opened: the route module stays small.
const LinkToIncidentDialog = lazy(() =>
  import('./components/LinkToIncidentDialog.js').then((m) => ({ default: m.LinkToIncidentDialog })),
);

/** 'Link to Incident' on checks, configs, changes, insights and components. */
export const linkToIncidentAction: ResourceAction = {
  id: 'link-to-incident',
  label: 'Link to Incident',
  icon: Siren,
  appliesTo: ['check', 'config', 'config_change', 'config_analysis', 'component'],
  // Needs write on incident; hidden when the incidents feature is off (like its sidebar entry).
  visible: (ctx) => ctx.can('incident', 'write') && !ctx.isDisabled('incidents'),
  render: ({ resource, close }) => (
    <Suspense fallback={null}>
      <LinkToIncidentDialog resource={resource} close={close} />
    </Suspense>
  ),
};
