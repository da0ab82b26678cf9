import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.js';

type DrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  side?: 'left' | 'right';
  children: ReactNode;
};

/** A panel that slides over the page from one side (phones: the navigation, a page's filters). */
export function Drawer({ open, onOpenChange, title, side = 'left', children }: DrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[9000] bg-black/40" />
        <Dialog.Content
          className={cn(
            'fixed inset-y-0 z-[9001] flex w-72 max-w-[calc(100vw-3rem)] flex-col bg-surface shadow-2xl',
            side === 'left' ? 'left-0 border-r border-line' : 'right-0 border-l border-line',
          )}
        >
          <div className="flex h-12 shrink-0 items-center gap-2 border-b border-line px-4">
            <Dialog.Title className="flex-1 truncate text-[15px] font-semibold">{title}</Dialog.Title>
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
            <Dialog.Close className="btn btn-ghost btn-icon -mr-2 h-7 w-7" aria-label="Close">
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
