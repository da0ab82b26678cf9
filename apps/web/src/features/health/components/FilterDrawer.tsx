import { SlidersHorizontal } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Drawer } from '../../../ui/Drawer.js';

/** On phones the filter panel does not fit beside the checks: a 'Filters' button opens it over them. */
export function FilterDrawer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <SlidersHorizontal className="size-4" aria-hidden />
        Filters
      </button>
      <Drawer open={open} onOpenChange={setOpen} title="Filters">
        {children}
      </Drawer>
    </>
  );
}
