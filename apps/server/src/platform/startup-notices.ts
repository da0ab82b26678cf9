import type { ServerContext } from '../context.js';

/**
 * Text a domain wants printed once the server is listening, after every start-up log line, so
 * that it is the last thing on the screen (the first admin's password). Keyed by the server's
 * context, so two servers in one process (tests) keep theirs apart.
 */
const pending = new WeakMap<ServerContext, string[]>();

export function addStartupNotice(ctx: ServerContext, text: string): void {
  pending.set(ctx, [...(pending.get(ctx) ?? []), text]);
}

/** The notices added so far, each handed out once. */
export function takeStartupNotices(ctx: ServerContext): string[] {
  const notices = pending.get(ctx) ?? [];
  pending.delete(ctx);
  return notices;
}
