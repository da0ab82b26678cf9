import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../ui/Page.js';
import { CatalogTabs } from './CatalogTabs.js';

/** A catalog-wide page under the catalog tabs; its crumbs end with the type it is narrowed to. */
export function CatalogTabPage({
  label,
  href,
  children,
}: {
  label: string;
  href: string;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const configType = params.get('configType');
  return (
    <Page
      crumbs={[
        { label: 'Catalog', href: '/catalog' },
        { label, href },
        ...(configType ? [{ label: configType }] : []),
      ]}
    >
      <CatalogTabs />
      {children}
    </Page>
  );
}
