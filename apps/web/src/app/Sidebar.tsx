import { ChevronDown, ChevronsLeft, ChevronsRight, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '../lib/cn.js';
import type { NavEntry } from '../platform/feature.js';

type SidebarProps = {
  main: NavEntry[];
  settings: NavEntry[];
  collapsed: boolean;
  narrow: boolean;
  onToggle: () => void;
  /** Shown in the phone drawer: full width, no collapse toggle; a followed link closes it. */
  drawer?: boolean;
  onNavigate?: () => void;
};

function itemClass(active: boolean, collapsed: boolean) {
  return cn(
    'flex h-8 items-center gap-2.5 rounded-md px-2 text-[13px] font-medium transition-colors',
    collapsed && 'justify-center px-0',
    active
      ? 'bg-brand-600/10 text-brand-700 dark:text-brand-100'
      : 'text-muted hover:bg-subtle hover:text-fg',
  );
}

type ItemProps = { entry: NavEntry; collapsed: boolean; onNavigate?: (() => void) | undefined };

function Item({ entry, collapsed, onNavigate }: ItemProps) {
  const Icon = entry.icon;
  return (
    <NavLink
      to={entry.href}
      onClick={onNavigate}
      title={collapsed ? entry.label : undefined}
      aria-label={collapsed ? entry.label : undefined}
      className={({ isActive }) => itemClass(isActive, collapsed)}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {collapsed ? null : <span className="truncate">{entry.label}</span>}
    </NavLink>
  );
}

type GroupProps = { entries: NavEntry[]; collapsed: boolean; onNavigate?: (() => void) | undefined };

function SettingsGroup({ entries, collapsed, onNavigate }: GroupProps) {
  const { pathname } = useLocation();
  const inSettings = entries.some((e) => pathname.startsWith(e.href));
  const [open, setOpen] = useState(true);
  if (collapsed) {
    return (
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={itemClass(inSettings, true)} aria-label="Settings" title="Settings">
          <Settings className="size-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content side="right" align="start" sideOffset={8} className="menu">
            <DropdownMenu.Label className="px-2 py-1 text-xs font-semibold text-muted">
              Settings
            </DropdownMenu.Label>
            {entries.map((e) => (
              <DropdownMenu.Item key={e.id} asChild className="menu-item">
                <Link to={e.href}>
                  <e.icon className="size-4 text-muted" aria-hidden />
                  {e.label}
                </Link>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    );
  }
  return (
    <div>
      <button
        type="button"
        className={cn(itemClass(false, false), 'w-full')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Settings className="size-4 shrink-0" aria-hidden />
        <span className="flex-1 text-left">Settings</span>
        <ChevronDown className={cn('size-3.5 transition-transform', !open && '-rotate-90')} aria-hidden />
      </button>
      {open ? (
        <div className="mt-0.5 ml-4 flex flex-col gap-0.5 border-l border-line pl-2">
          {entries.map((e) => (
            <Item key={e.id} entry={e} collapsed={false} onNavigate={onNavigate} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The left navigation: main areas, the Settings submenu and the collapse toggle. */
export function Sidebar({
  main,
  settings,
  collapsed,
  narrow,
  onToggle,
  drawer = false,
  onNavigate,
}: SidebarProps) {
  return (
    <nav
      aria-label="Main"
      data-collapsed={collapsed}
      className={cn(
        'flex shrink-0 flex-col bg-surface',
        drawer
          ? 'min-h-0 w-full flex-1'
          : ['border-r border-line transition-[width] duration-150', collapsed ? 'w-14' : 'w-56'],
      )}
    >
      <Link
        to="/"
        onClick={onNavigate}
        className={cn(
          'flex h-12 items-center gap-2 border-b border-line px-4',
          collapsed && 'justify-center px-0',
        )}
      >
        <svg viewBox="0 0 32 32" className="size-6 shrink-0" aria-hidden>
          <rect width="32" height="32" rx="7" fill="#4f46e5" />
          <path d="M9 11h14M9 16h10M9 21h6" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        </svg>
        {collapsed ? (
          <span className="sr-only">Opsdeck</span>
        ) : (
          <span className="text-[15px] font-semibold tracking-tight">Opsdeck</span>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-0.5 overflow-y-auto p-2">
        {main.map((e) => (
          <Item key={e.id} entry={e} collapsed={collapsed} onNavigate={onNavigate} />
        ))}
        {settings.length > 0 ? (
          <div className={cn(main.length > 0 && 'mt-2 border-t border-line pt-2')}>
            <SettingsGroup entries={settings} collapsed={collapsed} onNavigate={onNavigate} />
          </div>
        ) : null}
      </div>
      {drawer ? null : (
        <button
          type="button"
          onClick={onToggle}
          disabled={narrow}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={narrow ? 'The sidebar stays collapsed on narrow screens' : undefined}
          className={cn(
            'flex h-10 items-center gap-2 border-t border-line px-4 text-muted hover:text-fg disabled:opacity-40',
            collapsed && 'justify-center px-0',
          )}
        >
          {collapsed ? (
            <ChevronsRight className="size-4" aria-hidden />
          ) : (
            <ChevronsLeft className="size-4" aria-hidden />
          )}
          {collapsed ? null : <span className="text-xs">Collapse</span>}
        </button>
      )}
    </nav>
  );
}
