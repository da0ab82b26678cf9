import { useQueryClient } from '@tanstack/react-query';
import { Bell, BookOpen, ExternalLink, Menu, RefreshCw, Search } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn.js';
import { AccountMenu } from './AccountMenu.js';

/** Where the docs menu points; opened in a new tab. */
export const DOCS_LINKS = [
  { label: 'Documentation', href: 'https://github.com/opsdeck/opsdeck/tree/main/docs' },
  { label: 'API reference', href: 'https://github.com/opsdeck/opsdeck/blob/main/docs/data-api.md' },
];

type TopBarProps = {
  showBell: boolean;
  onOpenSearch: () => void;
  /** Widgets the features add (FeatureModule.topBarItems); one of them may be the bell itself. */
  items?: ComponentType[];
  /** On phones the sidebar is a drawer; this button opens it. */
  onOpenMenu?: (() => void) | undefined;
};

/** Search, refresh, notifications bell, docs menu and the user menu. */
export function TopBar({ showBell, onOpenSearch, items = [], onOpenMenu }: TopBarProps) {
  const queryClient = useQueryClient();
  const [spinning, setSpinning] = useState(false);
  const refresh = async () => {
    setSpinning(true);
    try {
      await queryClient.refetchQueries({ type: 'active' });
    } finally {
      setSpinning(false);
    }
  };
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <header className="flex h-12 shrink-0 items-center gap-2 border-b border-line bg-surface px-4 max-md:gap-1 max-md:px-2">
      {onOpenMenu ? (
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          aria-label="Menu"
          title="Menu"
          onClick={onOpenMenu}
        >
          <Menu className="size-4" aria-hidden />
        </button>
      ) : null}
      <button
        type="button"
        onClick={onOpenSearch}
        className="flex h-8 w-72 max-w-[50vw] items-center gap-2 rounded-md border border-line bg-canvas px-2.5 text-muted hover:border-brand-500/40 max-md:w-8 max-md:justify-center max-md:px-0"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        {/* Phones show the icon alone; the name stays for screen readers. */}
        <span className="flex-1 text-left max-md:sr-only">Search…</span>
        <kbd className="rounded border border-line bg-surface px-1.5 font-mono text-[10px] max-md:hidden">
          {mac ? '⌘' : 'Ctrl'} K
        </kbd>
      </button>
      <div className="flex-1" />
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        aria-label="Refresh"
        title="Refresh"
        onClick={() => void refresh()}
      >
        <RefreshCw className={cn('size-4', spinning && 'animate-spin')} aria-hidden />
      </button>
      {items.map((Item, i) => (
        <Item key={i} />
      ))}
      {showBell && items.length === 0 ? (
        <Link
          to="/notifications"
          className="btn btn-ghost btn-icon"
          aria-label="Notifications"
          title="Notifications"
        >
          <Bell className="size-4" aria-hidden />
        </Link>
      ) : null}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="btn btn-ghost btn-icon"
          aria-label="Documentation"
          title="Documentation"
        >
          <BookOpen className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="menu">
            {DOCS_LINKS.map((d) => (
              <DropdownMenu.Item key={d.href} asChild className="menu-item">
                <a href={d.href} target="_blank" rel="noreferrer noopener">
                  <ExternalLink className="size-4 text-muted" aria-hidden /> {d.label}
                </a>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <div className="ml-1">
        <AccountMenu />
      </div>
    </header>
  );
}
