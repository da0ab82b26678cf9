import { z } from 'zod';
import { HttpError } from '../../../api/errors.js';
import { db, rows } from '../../../api/postgrest.js';

const componentRows = z.array(z.object({ id: z.string(), name: z.string(), is_leaf: z.boolean() }));
export type ConfigComponent = z.infer<typeof componentRows>[number];

/** The live topology components built from this config item (empty without read on topologies). */
export async function fetchConfigComponents(
  configId: string,
  signal?: AbortSignal,
): Promise<ConfigComponent[]> {
  const q = db
    .from('components')
    .select('id,name,is_leaf')
    .eq('config_id', configId)
    .is('deleted_at', null)
    .limit(2);
  try {
    return componentRows.parse(await rows(signal ? q.abortSignal(signal) : q));
  } catch (e) {
    if (e instanceof HttpError && e.status === 403) return [];
    throw e;
  }
}

/** The one component with children the split view shows: only when the item has exactly one. */
export function splitComponent(list: readonly ConfigComponent[]): ConfigComponent | undefined {
  const [only] = list;
  return list.length === 1 && only && !only.is_leaf ? only : undefined;
}
