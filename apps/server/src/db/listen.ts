import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from './availability.js';
import type { Db } from './types.js';

/** After a listening connection is lost (or could not be had), the first try again; doubling. */
const RELISTEN_FIRST_MS = 1_000;
const RELISTEN_MAX_MS = 5_000;

export type KeptListener = {
  /** Whether notifications arrive right now. */
  readonly listening: boolean;
  stop(): Promise<void>;
};

/**
 * LISTENs on `channel` and keeps listening: when the connection breaks (the database restarted,
 * a pooler dropped it) or cannot be had, it tries again with back-off until it works.
 * `onListening` runs each time listening (re)starts: notifications sent while nobody listened
 * are lost, so the caller looks for missed work then. A failure other than the database being
 * away is logged once per kind; the outage itself is the driver's to log.
 */
export async function keepListening(
  db: Db,
  channel: string,
  onMessage: (payload: string) => void,
  options: { log: FastifyBaseLogger; what: string; onListening?: () => void },
): Promise<KeptListener> {
  let stopped = false;
  let listening = false;
  let unlisten: (() => Promise<void>) | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RELISTEN_FIRST_MS;
  let lastProblem: string | undefined;

  const schedule = () => {
    if (stopped) return;
    retry = setTimeout(() => void attempt(), delay);
    retry.unref();
    delay = Math.min(delay * 2, RELISTEN_MAX_MS);
  };

  const attempt = async (): Promise<void> => {
    if (stopped) return;
    try {
      const stop = await db.listen(channel, onMessage, () => {
        listening = false;
        unlisten = undefined;
        schedule();
      });
      if (stopped) {
        await stop();
        return;
      }
      unlisten = stop;
      listening = true;
      delay = RELISTEN_FIRST_MS;
      lastProblem = undefined;
      options.onListening?.();
    } catch (e) {
      const problem = e instanceof Error ? e.message : String(e);
      if (!isDatabaseUnavailable(e) && problem !== lastProblem) {
        options.log.warn({ err: e }, `cannot LISTEN on ${channel}; the ${options.what} polls until it can`);
      }
      lastProblem = problem;
      schedule();
    }
  };

  await attempt();
  return {
    get listening() {
      return listening;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      listening = false;
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
