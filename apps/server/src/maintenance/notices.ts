import { EMAIL_PATTERN, occurrencesBetween, type Occurrence } from '@opsdeck/shared';
import type { ServerContext } from '../context.js';
import { DeliveryError, sendDirect } from '../notifications/index.js';
import { liveWindows, type LiveWindow } from './windows.js';

/** An end is announced up to this long after it (a server that was down longer stays quiet). */
export const END_NOTICE_GRACE_MS = 30 * 60_000;

type Kind = 'start' | 'end';

/** Where a recipient is reached: an email address, a `connection://` reference, else a sender URL. */
function target(recipient: string): Parameters<typeof sendDirect>[1] {
  if (recipient.startsWith('connection://')) return { connection: recipient };
  if (EMAIL_PATTERN.test(recipient)) return { email: recipient };
  return { url: recipient };
}

function message(w: LiveWindow, o: Occurrence, kind: Kind): { title: string; body: string } {
  const zone = w.time_zone || 'UTC';
  const at = (d: Date) => `${d.toLocaleString('en-GB', { timeZone: zone })} (${zone})`;
  if (kind === 'start')
    return {
      title: `Maintenance started: ${w.name}`,
      body:
        w.notify?.startMessage ||
        `Planned maintenance **${w.name}** has started and lasts until ${at(o.end)}.`,
    };
  return {
    title: `Maintenance ended: ${w.name}`,
    body: w.notify?.endMessage || `Planned maintenance **${w.name}** ended at ${at(o.end)}.`,
  };
}

/**
 * Claims one notice of one occurrence: the row's insert is the claim, so of several replicas
 * exactly one sends it (once; a failed send keeps its error on the row and is not retried).
 */
async function claim(ctx: ServerContext, w: LiveWindow, o: Occurrence, kind: Kind): Promise<boolean> {
  const { rows } = await ctx.db.query(
    `INSERT INTO maintenance_notices (window_id, occurrence_start, kind) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [w.id, o.start, kind],
  );
  return rows.length > 0;
}

async function announce(ctx: ServerContext, w: LiveWindow, o: Occurrence, kind: Kind): Promise<number> {
  const recipients = w.notify?.recipients ?? [];
  if (!recipients.length || !(await claim(ctx, w, o, kind))) return 0;
  const { title, body } = message(w, o, kind);
  const errors: string[] = [];
  for (const r of recipients) {
    try {
      await sendDirect(ctx, target(r), title, body);
    } catch (e) {
      errors.push(
        `${r}: ${e instanceof DeliveryError ? e.message : e instanceof Error ? e.message : String(e)}`,
      );
    }
  }
  if (errors.length)
    await ctx.db.query(
      'UPDATE maintenance_notices SET error = $4 WHERE window_id = $1 AND occurrence_start = $2 AND kind = $3',
      [w.id, o.start, kind, errors.join('; ')],
    );
  return 1;
}

/**
 * The "maintenance started" message of each occurrence under way and the "maintenance ended"
 * message of each that ended within END_NOTICE_GRACE_MS, to the windows' `notify` recipients
 * through the system SMTP server and the connections' senders (notifications' sendDirect).
 */
export async function sendNotices(ctx: ServerContext, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - END_NOTICE_GRACE_MS);
  let sent = 0;
  for (const w of await liveWindows(ctx.db, since)) {
    if (!w.notify?.recipients.length) continue;
    for (const o of occurrencesBetween(w, since, new Date(now.getTime() + 1))) {
      if (o.start <= now && o.end > now) sent += await announce(ctx, w, o, 'start');
      else if (o.end <= now && o.end > since) sent += await announce(ctx, w, o, 'end');
    }
  }
  return sent;
}
