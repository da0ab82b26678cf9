import { Database } from 'lucide-react';
import { z } from 'zod';
import { tableSearchSource } from '../../platform/searchSource.js';

/** Command palette: config items by name. */
export const configsSource = tableSearchSource({
  id: 'configs',
  label: 'Catalog',
  resource: 'database',
  table: 'config_items',
  select: 'id,name,type',
  row: z.object({ id: z.string(), name: z.string().nullable(), type: z.string() }),
  skipDeleted: true,
  icon: Database,
  toResult: (c) => ({ id: c.id, title: c.name ?? c.id, subtitle: c.type, href: `/catalog/${c.id}` }),
});
