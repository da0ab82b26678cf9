import { z } from 'zod';
import { http } from '../../../api/http.js';

const triedCheck = z.object({
  name: z.string(),
  type: z.string(),
  status: z.enum(['pass', 'fail']),
  duration: z.number(),
  message: z.string(),
  error: z.string().nullable(),
  details: z.union([z.record(z.string(), z.unknown()), z.string()]),
  truncated: z.boolean(),
  transformed: z
    .array(
      z.object({
        name: z.string(),
        status: z.enum(['pass', 'fail']),
        message: z.string(),
        error: z.string().nullable(),
      }),
    )
    .optional(),
});
export type TriedCheck = z.infer<typeof triedCheck>;

const tryAnswer = z.object({ checks: z.array(triedCheck) });

/** What Try it sends: the canary as it would be saved (the spec as an object, or its YAML text). */
export type TryInput = { namespace: string; labels: Record<string, unknown>; spec: unknown };

/** The server waits at most 60 s for a try's checks; the request allows a little more. */
const TRY_REQUEST_TIMEOUT_MS = 75_000;

/** POST /api/canary/try: runs every check of the draft once on the server; nothing is stored. */
export async function tryCanary(input: TryInput): Promise<TriedCheck[]> {
  const answer = await http('/api/canary/try', {
    method: 'POST',
    body: input,
    timeoutMs: TRY_REQUEST_TIMEOUT_MS,
  });
  return tryAnswer.parse(answer).checks;
}
