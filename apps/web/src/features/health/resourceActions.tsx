import { Activity } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { ResourceAction } from '../../platform/resourceActions.js';

// Loaded when first opened: the route module stays small.
const CheckDetails = lazy(() =>
  import('./components/CheckDetails.js').then((m) => ({ default: m.CheckDetails })),
);

/**
 * The check detail modal (the health dashboard's check panel) for pages of other areas: the
 * catalog item's Checks tab opens it on a row click. Not a button of its own.
 */
export const checkDetailsAction: ResourceAction = {
  id: 'check-details',
  label: 'Check details',
  icon: Activity,
  appliesTo: ['check'],
  listed: false,
  visible: (ctx) => ctx.can('canaries', 'read'),
  render: ({ resource, close }) => (
    <Suspense fallback={null}>
      <CheckDetails checkId={resource.id} onClose={close} />
    </Suspense>
  ),
};
