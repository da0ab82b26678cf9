import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn.js';
import { Page } from '../../../ui/Page.js';

// The send history is 'History' so the breadcrumb reads 'Notifications › History', not the area twice.
const TABS = [
  { label: 'History', to: '/notifications' },
  { label: 'Rules', to: '/notifications/rules' },
  { label: 'Silences', to: '/notifications/silences' },
] as const;

/** The notifications area: one page per tab (each has its own URL), under one title bar. */
export function NotificationsFrame({
  tab,
  actions,
  children,
}: {
  tab: (typeof TABS)[number]['label'];
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Page crumbs={[{ label: 'Notifications' }, { label: tab }]} actions={actions}>
      <nav aria-label="Notifications" className="flex gap-1 border-b border-line">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end
            aria-current={t.label === tab ? 'page' : undefined}
            className={cn(
              '-mb-px flex h-9 items-center border-b-2 border-transparent px-3 font-medium text-muted hover:text-fg',
              t.label === tab && 'border-brand-600 text-fg',
            )}
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      {children}
    </Page>
  );
}
