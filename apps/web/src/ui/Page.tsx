import { useEffect, type ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.js';

type PageProps = { crumbs: Crumb[]; actions?: ReactNode; children: ReactNode };

/** A page: breadcrumb title bar with actions, then the content. */
export function Page({ crumbs, actions, children }: PageProps) {
  const title = crumbs.at(-1)?.label;
  useEffect(() => {
    // The browser tab names the page, so several open tabs can be told apart.
    if (typeof title === 'string') document.title = `${title} · Opsdeck`;
  }, [title]);
  return (
    <div className="flex h-full min-h-0 flex-col">
      {/* On phones the actions wrap under the title instead of widening the page. */}
      <div className="flex h-12 shrink-0 items-center gap-3 border-b border-line bg-surface/60 px-5 max-md:h-auto max-md:min-h-12 max-md:flex-wrap max-md:gap-2 max-md:px-3 max-md:py-2">
        <Breadcrumbs items={crumbs} />
        <div className="flex-1" />
        {actions}
      </div>
      <div className="flex min-h-0 min-w-0 flex-1 flex-col gap-3 p-5 max-md:p-3">{children}</div>
    </div>
  );
}
