import { NavLink, useSearchParams } from 'react-router';
import { cn } from '../../../lib/cn.js';

const TABS = [
  { label: 'Catalog', to: '/catalog', carries: true },
  { label: 'Changes', to: '/catalog/changes', carries: true },
  { label: 'Insights', to: '/catalog/insights', carries: true },
  { label: 'Scrapers', to: '/catalog/scrapers', carries: false },
] as const;

/** The catalog's top tabs; the config type filter carries over to the first three. */
export function CatalogTabs() {
  const [params] = useSearchParams();
  const configType = params.get('configType') ?? '';
  return (
    <nav aria-label="Catalog sections" className="-mt-1 flex gap-1 border-b border-line">
      {TABS.map((t) => (
        <NavLink
          key={t.to}
          end
          to={t.carries && configType ? `${t.to}?configType=${encodeURIComponent(configType)}` : t.to}
          className={({ isActive }) =>
            cn(
              '-mb-px flex h-9 items-center border-b-2 border-transparent px-3 font-medium text-muted hover:text-fg',
              isActive && 'border-brand-600 text-fg',
            )
          }
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
