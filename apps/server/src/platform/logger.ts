import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import pino, { type DestinationStream, type LevelWithSilent } from 'pino';
import type PinoPretty from 'pino-pretty';

/** Fields of the request line that the pretty output already shows in its message. */
const SHOWN_IN_MESSAGE = ['method', 'url', 'statusCode', 'durationMs', 'clientIp'];

/**
 * The process logger: one pretty line per entry (time, level, message) when stdout is a
 * terminal, JSON lines otherwise (log collectors parse those). Both write synchronously, so
 * a banner written after a log line appears after it.
 */
export function createLogger(
  level: LevelWithSilent,
  options: { pretty?: boolean; destination?: DestinationStream } = {},
): FastifyBaseLogger {
  const pretty = options.pretty ?? process.stdout.isTTY === true;
  if (!pretty) return pino({ level }, options.destination ?? pino.destination({ dest: 1, sync: true }));
  // Required here, for a terminal only: JSON output (a service, a container) skips its 29 files
  // at start. Synchronously, because the first line is logged at once (docs/deploy.md, Start-up time).
  const pinoPretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  const stream = pinoPretty({
    singleLine: true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', 'reqId', ...SHOWN_IN_MESSAGE].join(','),
    colorize: options.destination ? false : undefined,
    destination: options.destination,
  });
  return pino({ level }, stream);
}
