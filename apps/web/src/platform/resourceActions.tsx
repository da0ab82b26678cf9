import type { Action, Resource } from '@opsdeck/shared';
import type { LucideIcon } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { createContext, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useFeatureCheck } from '../auth/features.js';
import { usePermissions, hasPermission } from '../auth/permissions.js';

/** The kinds of resource other areas can act on. */
export type ResourceKind = 'check' | 'config' | 'config_change' | 'config_analysis' | 'component';

/**
 * The resource an action is about; `configId` is the owning config of a change or an insight;
 * `evidence` is what the page shows of it (a config's `lines` and `selected_lines`, a check's
 * `includeMessages` and `start`), kept with evidence linked to an incident.
 */
export type ResourceRef = {
  kind: ResourceKind;
  id: string;
  name: string;
  configId?: string;
  evidence?: Record<string, unknown>;
};

/** What `visible` may ask: permissions and feature flags of the current user. */
export type ResourceActionContext = {
  can: (resource: Resource, action: Action) => boolean;
  isDisabled: (feature: string) => boolean;
};

/**
 * An action one area contributes to resources shown by other areas (features may not import
 * each other): a button or menu item that opens the dialog `render` returns.
 */
export type ResourceAction = {
  id: string;
  label: string;
  icon?: LucideIcon;
  appliesTo: readonly ResourceKind[];
  visible?: (ctx: ResourceActionContext) => boolean;
  /**
   * false: not offered as a button or menu item; a host that knows its id opens it (the check
   * detail modal, opened by a row click).
   */
  listed?: boolean;
  render: (props: { resource: ResourceRef; close: () => void }) => ReactNode;
  /**
   * What ResourceActionButtons shows instead of the plain button, when the action is more than
   * one click (the playbooks' 'Playbooks' menu); it renders its own dialogs.
   */
  Trigger?: ComponentType<{ resource: ResourceRef; className: string }>;
};

const ActionsContext = createContext<readonly ResourceAction[]>([]);

export function ResourceActionsProvider({
  actions,
  children,
}: {
  actions: readonly ResourceAction[];
  children: ReactNode;
}) {
  return <ActionsContext.Provider value={actions}>{children}</ActionsContext.Provider>;
}

/** The contributed actions for this kind that the current user may see. */
export function useResourceActions(kind: ResourceKind): ResourceAction[] {
  const actions = useContext(ActionsContext);
  const { permissions } = usePermissions();
  const isDisabled = useFeatureCheck();
  return useMemo(() => {
    const ctx: ResourceActionContext = {
      can: (resource, action) => hasPermission(permissions, resource, action),
      isDisabled,
    };
    return actions.filter((a) => a.appliesTo.includes(kind) && (a.visible?.(ctx) ?? true));
  }, [actions, kind, permissions, isDisabled]);
}

/** One button per applicable action; the chosen action's dialog is rendered here. */
export function ResourceActionButtons({
  resource,
  className = 'btn',
  exclude,
}: {
  resource: ResourceRef;
  className?: string;
  /** Ids of actions this host leaves out (the embedded check panel's evidence action). */
  exclude?: readonly string[] | undefined;
}) {
  const actions = useResourceActions(resource.kind).filter(
    (a) => a.listed !== false && !exclude?.includes(a.id),
  );
  const [open, setOpen] = useState<ResourceAction | null>(null);
  if (actions.length === 0) return null;
  return (
    <>
      {actions.map((a) => {
        const Icon = a.icon;
        if (a.Trigger) return <a.Trigger key={a.id} resource={resource} className={className} />;
        return (
          <button key={a.id} type="button" className={className} onClick={() => setOpen(a)}>
            {Icon ? <Icon className="size-4" aria-hidden /> : null}
            {a.label}
          </button>
        );
      })}
      {open ? open.render({ resource, close: () => setOpen(null) }) : null}
    </>
  );
}

/**
 * The applicable actions as items of a Radix dropdown menu. The menu closes on select, so the
 * host keeps the picked action and renders `action.render(...)` outside the menu.
 */
export function ResourceActionMenuItems({
  kind,
  onPick,
  className = 'menu-item',
}: {
  kind: ResourceKind;
  onPick: (action: ResourceAction) => void;
  className?: string;
}) {
  const actions = useResourceActions(kind).filter((a) => a.listed !== false);
  return actions.map((a) => {
    const Icon = a.icon;
    return (
      <DropdownMenu.Item key={a.id} className={className} onSelect={() => onPick(a)}>
        {Icon ? <Icon className="size-4" aria-hidden /> : null}
        {a.label}
      </DropdownMenu.Item>
    );
  });
}
