import { Network } from 'lucide-react';
import { z } from 'zod';
import { tableSearchSource } from '../../platform/searchSource.js';

/** Command palette: components by name; a result opens the component. */
export const componentsSource = tableSearchSource({
  id: 'components',
  label: 'Components',
  resource: 'topologies',
  table: 'component_names',
  select: 'id,name,type',
  row: z.object({ id: z.string(), name: z.string(), type: z.string().nullable() }),
  // The view has no deleted_at: it lists live, visible components only.
  skipDeleted: false,
  icon: Network,
  toResult: (c) => ({ id: c.id, title: c.name, subtitle: c.type ?? undefined, href: `/topology/${c.id}` }),
});
