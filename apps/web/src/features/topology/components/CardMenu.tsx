import { BellOff, Camera, Link2, MoreVertical, ScrollText, ZoomIn } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFeatureCheck } from '../../../auth/features.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { ResourceActionMenuItems, type ResourceAction } from '../../../platform/resourceActions.js';
import type { TopologyComponent } from '../api/types.js';
import { LinkConfigModal } from './LinkConfigModal.js';
import { SnapshotModal } from './SnapshotModal.js';

/** The card's ⋮ menu: View Logs, Zoom In, contributed actions (Link to Incident), Snapshot, Link to catalog, Silence. */
export function CardMenu({ component, zoom = true }: { component: TopologyComponent; zoom?: boolean }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'snapshot' | 'link' | ResourceAction | null>(null);
  // A dashboard holds hundreds of cards: the Radix menu is mounted on first use only.
  const [armed, setArmed] = useState(false);
  const canWrite = useHasPermission('topologies', 'write');
  const canSilence = useHasPermission('notifications', 'write');
  const isDisabled = useFeatureCheck();
  // The logs page finds a component's logs by its external id: without one there is nothing to show.
  const hasLogs = Boolean(component.external_id) && !isDisabled('logs');
  const label = `Actions for ${component.name}`;
  if (!armed)
    return (
      <button
        type="button"
        className="btn btn-ghost btn-icon -mr-1 h-7 w-7"
        aria-label={label}
        aria-haspopup="menu"
        onClick={() => setArmed(true)}
      >
        <MoreVertical className="size-4" />
      </button>
    );
  return (
    <>
      <DropdownMenu.Root defaultOpen>
        <DropdownMenu.Trigger className="btn btn-ghost btn-icon -mr-1 h-7 w-7" aria-label={label}>
          <MoreVertical className="size-4" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="menu">
            {hasLogs && (
              // The logs page lives in the logs area: linked, not imported.
              <DropdownMenu.Item
                className="menu-item"
                onSelect={() => void navigate(`/logs?topologyId=${encodeURIComponent(component.id)}`)}
              >
                <ScrollText className="size-4" /> View Logs
              </DropdownMenu.Item>
            )}
            {zoom && (
              <DropdownMenu.Item
                className="menu-item"
                onSelect={() => void navigate(`/topology/${component.id}`)}
              >
                <ZoomIn className="size-4" /> Zoom In
              </DropdownMenu.Item>
            )}
            <ResourceActionMenuItems kind="component" onPick={setDialog} />
            <DropdownMenu.Item className="menu-item" onSelect={() => setDialog('snapshot')}>
              <Camera className="size-4" /> Snapshot
            </DropdownMenu.Item>
            {canWrite && (
              <DropdownMenu.Item className="menu-item" onSelect={() => setDialog('link')}>
                <Link2 className="size-4" /> Link to catalog
              </DropdownMenu.Item>
            )}
            {canSilence && (
              // The silence form lives in the notifications area: linked, not imported.
              <DropdownMenu.Item
                className="menu-item"
                onSelect={() =>
                  void navigate(
                    `/notifications/silences/add?component_id=${encodeURIComponent(component.id)}`,
                  )
                }
              >
                <BellOff className="size-4" /> Silence
              </DropdownMenu.Item>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {dialog === 'snapshot' && <SnapshotModal component={component} onClose={() => setDialog(null)} />}
      {dialog === 'link' && <LinkConfigModal component={component} onClose={() => setDialog(null)} />}
      {typeof dialog === 'object' && dialog !== null
        ? dialog.render({
            resource: { kind: 'component', id: component.id, name: component.name },
            close: () => setDialog(null),
          })
        : null}
    </>
  );
}
