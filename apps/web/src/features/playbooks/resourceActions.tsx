import { PlayCircle } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { ResourceAction } from '../../platform/resourceActions.js';

// Loaded when first opened: the route module stays small.
const RunPlaybookDialog = lazy(() =>
  import('./components/RunPlaybookDialog.js').then((m) => ({ default: m.RunPlaybookDialog })),
);

/** 'Run playbook' on checks, catalog items and components: pick one of the playbooks offered for it. */
export const runPlaybookAction: ResourceAction = {
  id: 'run-playbook',
  label: 'Run playbook',
  icon: PlayCircle,
  appliesTo: ['check', 'config', 'component'],
  // Running a playbook needs write on playbooks (the add, edit, delete and run buttons).
  visible: (ctx) => ctx.can('playbooks', 'write') && !ctx.isDisabled('playbooks'),
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
