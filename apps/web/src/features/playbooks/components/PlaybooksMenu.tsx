import { useQuery } from '@tanstack/react-query';
import { ChevronDown, PlayCircle } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import type { ResourceRef } from '../../../platform/resourceActions.js';
import { NamedIcon } from '../../../ui/NamedIcon.js';
import { playbookKeys } from '../api/keys.js';
import { fetchPlaybooksFor } from '../api/runDialog.js';

const RunPlaybookDialog = lazy(() =>
  import('./RunPlaybookDialog.js').then((m) => ({ default: m.RunPlaybookDialog })),
);

type Target = ResourceRef & { kind: 'check' | 'config' | 'component' };

/**
 * The Playbooks menu of a check, config or component (doc 1 §2): the playbooks that may run on
 * it, asked for when the menu opens; choosing one opens the Run dialog on it.
 */
export function PlaybooksMenu({ resource, className }: { resource: Target; className: string }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const offered = useQuery({
    queryKey: playbookKeys.forResource(resource.kind, resource.id),
    queryFn: ({ signal }) => fetchPlaybooksFor(resource, signal),
    enabled: open,
    meta: { silent: true },
  });
  const list = offered.data ?? [];
  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={setOpen}>
        <DropdownMenu.Trigger className={className}>
          <PlayCircle className="size-4" aria-hidden />
          Playbooks
          <ChevronDown className="size-3.5" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="start" sideOffset={6} className="menu max-h-72 w-64 overflow-auto">
            {offered.isPending ? (
              <DropdownMenu.Item className="menu-item" disabled>
                Loading…
              </DropdownMenu.Item>
            ) : list.length === 0 ? (
              <DropdownMenu.Item className="menu-item" disabled>
                {offered.isError ? 'Could not load the playbooks' : 'No playbooks for this resource'}
              </DropdownMenu.Item>
            ) : (
              list.map((p) => (
                <DropdownMenu.Item key={p.id} className="menu-item" onSelect={() => setChosen(p.id)}>
                  <NamedIcon name={p.icon} />
                  <span className="truncate">{p.title || p.name}</span>
                </DropdownMenu.Item>
              ))
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {chosen ? (
        <Suspense fallback={null}>
          <RunPlaybookDialog
            resource={{ kind: resource.kind, id: resource.id, name: resource.name }}
            initialPlaybookId={chosen}
            close={() => setChosen(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
