import { z } from 'zod';
import { HttpError } from '../../../api/errors.js';
import { http } from '../../../api/http.js';

const matchSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  type: z.string().nullable(),
  deleted_at: z.string().nullable(),
});
const answerSchema = z.object({ results: z.array(matchSchema) });

export type SourceMatch = z.infer<typeof matchSchema> & { kind: 'config' | 'component'; href: string };

async function lookup(
  path: string,
  query: { external_id: string; type?: string | undefined },
  signal?: AbortSignal,
): Promise<z.infer<typeof matchSchema>[]> {
  try {
    return answerSchema.parse(await http(path, { query, signal })).results;
  } catch (e) {
    // Without read on topologies (or the catalog), that side has nothing to show.
    if (e instanceof HttpError && e.status === 403) return [];
    throw e;
  }
}

/** Config items and components with this source (external) id: both lookups, side by side. */
export async function lookupBySource(
  externalId: string,
  type: string | undefined,
  signal?: AbortSignal,
): Promise<SourceMatch[]> {
  const query = { external_id: externalId, type };
  const [configs, components] = await Promise.all([
    lookup('/api/catalog/lookup', query, signal),
    lookup('/api/topology/lookup', query, signal),
  ]);
  return [
    ...configs.map((m) => ({ ...m, kind: 'config' as const, href: `/catalog/${m.id}` })),
    ...components.map((m) => ({ ...m, kind: 'component' as const, href: `/topology/${m.id}` })),
  ];
}
