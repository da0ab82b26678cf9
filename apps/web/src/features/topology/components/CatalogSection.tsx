import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MoreVertical, Unlink } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../../api/errors.js';
import { Badge } from '../../../ui/Badge.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import type { CatalogLink } from '../api/panelApi.js';
import { unlinkConfig } from '../api/topologyApi.js';
import { topologyKeys } from '../api/keys.js';

/** Linked catalog items; deleted ones hidden by default; manual links can be removed. */
export function CatalogList({
  componentId,
  links,
  showDeleted,
}: {
  componentId: string;
  links: CatalogLink[];
  showDeleted: boolean;
}) {
  const [pending, setPending] = useState<CatalogLink | null>(null);
  const qc = useQueryClient();
  const unlink = useMutation({
    mutationFn: (configId: string) => unlinkConfig(componentId, configId),
    onSuccess: () => {
      toast.success('Deleted config link successfully');
      setPending(null);
      void qc.invalidateQueries({ queryKey: topologyKeys.all });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const shown = showDeleted ? links : links.filter((l) => !l.deleted);
  if (shown.length === 0) return <p className="py-2 text-xs text-muted">No linked catalog items</p>;
  return (
    <>
      <ul className="flex flex-col">
        {shown.map((l) => (
          <li key={l.configId} data-testid="catalog-link" className="flex h-8 items-center gap-2 text-[13px]">
            <Link to={`/catalog/${l.configId}`} className="min-w-0 flex-1 truncate hover:underline">
              {l.name}
            </Link>
            {l.deleted && <Badge tone="red">deleted</Badge>}
            {l.type && <span className="max-w-32 truncate text-xs text-muted">{l.type}</span>}
            {l.manual && (
              <DropdownMenu.Root>
                <DropdownMenu.Trigger
                  className="btn btn-ghost btn-icon h-6 w-6"
                  aria-label={`Link actions for ${l.name}`}
                >
                  <MoreVertical className="size-3.5" />
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content align="end" className="menu">
                    <DropdownMenu.Item className="menu-item" onSelect={() => setPending(l)}>
                      <Unlink className="size-4" /> Unlink
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && setPending(null)}
        title="Delete config link"
        description={`Remove the link between this component and ${pending?.name ?? ''}?`}
        confirmLabel="Delete"
        destructive
        busy={unlink.isPending}
        onConfirm={() => pending && unlink.mutate(pending.configId)}
      />
    </>
  );
}
