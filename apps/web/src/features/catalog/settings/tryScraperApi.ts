import { z } from 'zod';
import { http } from '../../../api/http.js';

const triedItem = z.object({
  type: z.string(),
  config_class: z.string().nullable(),
  name: z.string().nullable(),
  namespace: z.string().nullable(),
  external_id: z.array(z.string()),
  health: z.string().nullable(),
  status: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  tags: z.record(z.string(), z.string()),
  config: z.unknown(),
  truncated: z.boolean(),
  relationships: z.number(),
});
export type TriedItem = z.infer<typeof triedItem>;

const tryAnswer = z.object({
  total: z.number(),
  items: z.array(triedItem),
  changes: z.number(),
  errors: z.array(z.string()),
});
export type ScraperTryAnswer = z.infer<typeof tryAnswer>;

/** What Try it sends: the scraper as it would be saved (the spec as an object, or its YAML text). */
export type ScraperTryInput = { name: string; namespace: string; spec: unknown };

/** The server waits at most 60 s for a try's sources; the request allows a little more. */
const TRY_REQUEST_TIMEOUT_MS = 75_000;

/** POST /api/config/try: reads the draft's sources once on the server; nothing is stored. */
export async function tryScraper(input: ScraperTryInput): Promise<ScraperTryAnswer> {
  return tryAnswer.parse(
    await http('/api/config/try', { method: 'POST', body: input, timeoutMs: TRY_REQUEST_TIMEOUT_MS }),
  );
}
