import { formatRelativeTime } from '@opsdeck/shared';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import { useFeatureCheck } from '../../../auth/features.js';
import { useHasPermission } from '../../../auth/permissions.js';
import { fetchRecentFailures } from '../api/history.js';
import { notificationKeys } from '../api/keys.js';

/** The bell re-reads failures this often, so a new one shows without a reload. */
const BELL_REFRESH_MS = 60_000;

function PlainBell() {
  return (
    <Link
      to="/notifications"
      className="btn btn-ghost btn-icon"
      aria-label="Notifications"
      title="Notifications"
    >
      <Bell className="size-4" aria-hidden />
    </Link>
  );
}

/**
 * The top-bar bell: a link to /notifications; when sends failed in the last day it
 * carries their count and opens a menu of the newest failures.
 */
export function NotificationBell() {
  const isDisabled = useFeatureCheck();
  const canRead = useHasPermission('notifications', 'read');
  const failures = useQuery({
    queryKey: notificationKeys.recentFailures(),
    queryFn: ({ signal }) => fetchRecentFailures(signal),
    enabled: canRead && !isDisabled('notifications'),
    refetchInterval: BELL_REFRESH_MS,
    // The bell is decoration: a failing read must not toast on every page.
    meta: { silent: true },
  });
  if (isDisabled('notifications')) return null;
  const list = failures.data ?? [];
  if (list.length === 0) return <PlainBell />;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="btn btn-ghost btn-icon relative"
        aria-label={`Notifications: ${list.length} recent failures`}
        title="Notifications"
      >
        <Bell className="size-4" aria-hidden />
        <span className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-health-unhealthy px-1 text-[10px] font-semibold text-white">
          {list.length}
        </span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="menu w-80">
          <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-muted">
            Recent failures
          </DropdownMenu.Label>
          {list.map((f) => (
            <DropdownMenu.Item key={f.id} asChild className="menu-item">
              <Link
                to={`/notifications?id=${encodeURIComponent(f.id)}`}
                className="flex flex-col items-start gap-0.5"
              >
                <span className="truncate font-medium">{f.resource.name}</span>
                <span className="truncate text-xs text-muted">
                  {f.source_event} · {f.notification_name ?? 'rule'} · {formatRelativeTime(f.created_at)}
                </span>
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item asChild className="menu-item">
            <Link to="/notifications">View all notifications</Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
