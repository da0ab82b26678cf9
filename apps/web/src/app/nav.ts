import type { NavEntry } from '../platform/feature.js';
import { hasPermission, isViewerOnly } from '../auth/permissions.js';

export type NavContext = {
  permissions: readonly string[];
  roles: readonly string[];
  isDisabled: (feature: string | undefined) => boolean;
};

/** The entries this user sees, main ones by order and settings ones by label. */
export function visibleNav(
  entries: readonly NavEntry[],
  ctx: NavContext,
): { main: NavEntry[]; settings: NavEntry[] } {
  const allowed = entries.filter(
    (e) => !ctx.isDisabled(e.feature) && hasPermission(ctx.permissions, e.resource, 'read'),
  );
  const main = allowed.filter((e) => e.section === 'main').sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const settings = isViewerOnly(ctx.roles)
    ? []
    : allowed.filter((e) => e.section === 'settings').sort((a, b) => a.label.localeCompare(b.label));
  return { main, settings };
}
