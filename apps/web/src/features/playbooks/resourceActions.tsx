import { PlayCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { ResourceAction } from '../../platform/resourceActions.js';

// Loaded when first opened: the route module stays small.
const RunPlaybookDialog = lazy(() =>
  import('./components/RunPlaybookDialog.js').then((m) => ({ default: m.RunPlaybookDialog })),
);
const PlaybooksMenu = lazy(() =>
  import('./components/PlaybooksMenu.js').then((m) => ({ default: m.PlaybooksMenu })),
);

/**
 * Playbooks on checks, catalog items and components: where the resource shows its actions as
 * buttons, a 'Playbooks' menu of the playbooks offered for it (each opens the Run dialog on
 * it); inside other menus, 'Run playbook' with the choice in the dialog.
 */
export const runPlaybookAction: ResourceAction = {
  id: 'run-playbook',
  label: 'Run playbook',
  icon: PlayCircle,
  appliesTo: ['check', 'config', 'component'],
  // Running a playbook needs write on playbooks (the add, edit, delete and run buttons).
  visible: (ctx) => ctx.can('playbooks', 'write') && !ctx.isDisabled('playbooks'),
  Trigger: ({ resource, className }) =>
    resource.kind === 'check' || resource.kind === 'config' || resource.kind === 'component' ? (
      <Suspense fallback={null}>
        <PlaybooksMenu resource={{ ...resource, kind: resource.kind }} className={className} />
      </Suspense>
    ) : null,
  render: ({ resource, close }) =>
    resource.kind === 'check' || resource.kind === 'config' || resource.kind === 'component' ? (
      <Suspense fallback={null}>
        <RunPlaybookDialog
          resource={{ kind: resource.kind, id: resource.id, name: resource.name }}
          close={close}
        />
      </Suspense>
    ) : null,
};
