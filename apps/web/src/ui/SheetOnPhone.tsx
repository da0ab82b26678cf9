import { PanelRightOpen } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { PHONE_QUERY, useMediaQuery } from '../lib/useMediaQuery.js';
import { Drawer } from './Drawer.js';

/**
 * A page's side panel: beside the content on wider screens (`wide`, else the children as they
 * are); on a phone the children in a sheet that opens on demand from a button named `title`,
 * so the panel never covers or squeezes the page (issue 36).
 */
export function SheetOnPhone({
  title,
  wide,
  children,
}: {
  title: string;
  wide?: ReactNode;
  children: ReactNode;
}) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [open, setOpen] = useState(false);
  if (!phone) return <>{wide ?? children}</>;
  return (
    <>
      <button type="button" className="btn self-start" onClick={() => setOpen(true)}>
        <PanelRightOpen className="size-4" aria-hidden /> {title}
      </button>
      <Drawer open={open} onOpenChange={setOpen} title={title} side="right">
        {children}
      </Drawer>
    </>
  );
}
