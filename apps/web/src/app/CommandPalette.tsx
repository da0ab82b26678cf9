import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { CornerDownLeft, Loader2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEBOUNCE, useDebouncedValue } from '../lib/useDebouncedValue.js';
import type { NavEntry, SearchResult, SearchSource } from '../platform/feature.js';

type PaletteProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sources: SearchSource[];
  pages: NavEntry[];
};

type Group = { source: SearchSource; results: SearchResult[] };

/** Runs every source; one failing source does not hide the others' results. */
async function searchAll(sources: SearchSource[], text: string, signal: AbortSignal): Promise<Group[]> {
  const settled = await Promise.allSettled(sources.map((s) => s.search(text, signal)));
  return sources
    .map((source, i) => {
      const r = settled[i];
      return { source, results: r?.status === 'fulfilled' ? r.value : [] };
    })
    .filter((g) => g.results.length > 0);
}

/** Ctrl/⌘-K: jump to a page or find anything by name through the registered sources. */
export function CommandPalette({ open, onOpenChange, sources, pages }: PaletteProps) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), DEBOUNCE.list);
  const navigate = useNavigate();

  const { data: groups = [], isFetching } = useQuery({
    queryKey: ['command-palette', query, sources.map((s) => s.id)],
    queryFn: ({ signal }) => searchAll(sources, query, signal),
    enabled: open && query.length > 0,
    meta: { silent: true },
    staleTime: 10_000,
  });

  const setOpen = (next: boolean) => {
    if (!next) setText('');
    onOpenChange(next);
  };
  const go = (href: string) => {
    setOpen(false);
    navigate(href);
  };
  const matchingPages = pages.filter((p) => p.label.toLowerCase().includes(text.trim().toLowerCase()));
  const waiting = query !== text.trim() || isFetching;

  return (
    <Command.Dialog
      open={open}
      onOpenChange={setOpen}
      label="Search"
      shouldFilter={false}
      overlayClassName="fixed inset-0 z-[9000] bg-black/30 backdrop-blur-[1px]"
      contentClassName="fixed top-[12vh] left-1/2 z-[9001] w-[min(640px,92vw)] -translate-x-1/2 overflow-hidden rounded-xl border border-line bg-surface shadow-2xl"
    >
      <Dialog.Title className="sr-only">Search</Dialog.Title>
      <Dialog.Description className="sr-only">Search pages and resources by name</Dialog.Description>
      <div className="flex items-center gap-2 border-b border-line px-3">
        <Command.Input
          value={text}
          onValueChange={setText}
          placeholder="Search by name…"
          className="h-11 flex-1 bg-transparent text-sm outline-none placeholder:text-muted"
        />
        {waiting && text ? (
          <Loader2 className="size-4 animate-spin text-muted" aria-label="Searching" />
        ) : null}
      </div>
      <Command.List className="max-h-[min(420px,60vh)] overflow-y-auto p-1.5">
        {text && !waiting && groups.length === 0 && matchingPages.length === 0 ? (
          <Command.Empty className="px-3 py-6 text-center text-muted">No results found</Command.Empty>
        ) : null}
        {matchingPages.length > 0 ? (
          <Command.Group heading="Pages" className="palette-group">
            {matchingPages.map((p) => (
              <PaletteItem
                key={p.id}
                value={`page:${p.id}`}
                title={p.label}
                icon={p.icon}
                onSelect={() => go(p.href)}
              />
            ))}
          </Command.Group>
        ) : null}
        {groups.map((g) => (
          <Command.Group key={g.source.id} heading={g.source.label} className="palette-group">
            {g.results.map((r) => (
              <PaletteItem
                key={r.id}
                value={`${g.source.id}:${r.id}`}
                title={r.title}
                subtitle={r.subtitle}
                icon={r.icon}
                onSelect={() => go(r.href)}
              />
            ))}
          </Command.Group>
        ))}
      </Command.List>
      <div className="flex items-center gap-3 border-t border-line px-3 py-1.5 text-[11px] text-muted">
        <span className="flex items-center gap-1">
          <CornerDownLeft className="size-3" aria-hidden /> open
        </span>
        <span>↑↓ move</span>
        <span>esc close</span>
      </div>
    </Command.Dialog>
  );
}

function PaletteItem({
  value,
  title,
  subtitle,
  icon: Icon,
  onSelect,
}: {
  value: string;
  title: string;
  subtitle?: string | undefined;
  icon?: SearchResult['icon'];
  onSelect: () => void;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex h-9 cursor-default items-center gap-2.5 rounded-md px-2.5 data-[selected=true]:bg-subtle"
    >
      {Icon ? <Icon className="size-4 text-muted" aria-hidden /> : null}
      <span className="truncate">{title}</span>
      {subtitle ? <span className="ml-auto truncate text-xs text-muted">{subtitle}</span> : null}
    </Command.Item>
  );
}

/** Ctrl-K / ⌘-K toggles the palette. */
export function usePaletteShortcut(toggle: () => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
}
