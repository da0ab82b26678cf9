import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.js';

type ModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  footer?: ReactNode;
  children?: ReactNode;
};

const WIDTH = {
  sm: 'max-w-md',
  md: 'max-w-xl',
  lg: 'max-w-3xl',
  xl: 'max-w-5xl',
  full: 'max-w-[96vw] h-[92vh] max-md:max-w-[calc(100vw-1rem)]',
};

/** A dialog with a title bar, scrolling body and optional footer. Escape and the X close it. */
export function Modal({ open, onOpenChange, title, description, size = 'md', footer, children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[9000] bg-black/40" />
        <Dialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-[9001] flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 max-md:w-[calc(100vw-1rem)] -translate-y-1/2 flex-col rounded-xl border border-line bg-surface shadow-2xl',
            WIDTH[size],
          )}
          aria-describedby={description ? undefined : undefined}
          // A click on a toast (its action, its close button) is not a click outside the dialog.
          onInteractOutside={(e) => {
            if (e.target instanceof Element && e.target.closest('[data-sonner-toaster]')) e.preventDefault();
          }}
        >
          <div className="flex items-start gap-3 border-b border-line px-5 py-3.5">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="truncate text-[15px] font-semibold">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-0.5 text-muted">{description}</Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">
                  {typeof title === 'string' ? title : 'Dialog'}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close className="btn btn-ghost btn-icon -mr-2 h-7 w-7" aria-label="Close">
              <X className="size-4" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-auto px-5 py-4">{children}</div>
          {footer ? (
            // Wraps on a phone rather than pushing the first buttons past the left edge.
            <div className="flex flex-wrap justify-end gap-2 border-t border-line px-5 py-3 max-md:px-3">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
