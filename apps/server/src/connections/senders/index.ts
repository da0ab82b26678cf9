import type { HydratedConnection } from '../types.js';
import { discordSender } from './discord.js';
import { genericWebhookSender } from './generic-webhook.js';
import { googleChatSender } from './google-chat.js';
import { sendHttpOk, type DeliveryContext } from './http.js';
import { mattermostSender, rocketchatSender } from './mattermost.js';
import { matrixSender } from './matrix.js';
import { ntfySender } from './ntfy.js';
import { opsgenieSender } from './opsgenie.js';
import { iftttSender, pushbulletSender, pushoverSender, zulipSender } from './push-services.js';
import { slackSender, slackWebhookSender } from './slack.js';
import { teamsSender } from './teams.js';
import { telegramSender } from './telegram.js';
import type { ChatMessage, Sender } from './types.js';

export type { ChatMessage, OutboundRequest, Sender } from './types.js';
export type { DeliveryContext } from './http.js';

/** One sender per chat or webhook connection type; adding a service is one file and one line. */
export const SENDERS: Readonly<Record<string, Sender>> = {
  generic_webhook: genericWebhookSender,
  slack: slackSender,
  slackwebhook: slackWebhookSender,
  teams: teamsSender,
  discord: discordSender,
  google_chat: googleChatSender,
  mattermost: mattermostSender,
  rocketchat: rocketchatSender,
  ntfy: ntfySender,
  telegram: telegramSender,
  pushover: pushoverSender,
  pushbullet: pushbulletSender,
  ifttt: iftttSender,
  zulip_chat: zulipSender,
  matrix: matrixSender,
  opsgenie: opsgenieSender,
};

export function senderFor(type: string): Sender | undefined {
  return Object.hasOwn(SENDERS, type) ? SENDERS[type] : undefined;
}

/** Delivers one message through a hydrated connection; throws with the service's answer on failure. */
export async function sendMessage(
  conn: HydratedConnection,
  msg: ChatMessage,
  ctx: DeliveryContext,
): Promise<{ requests: number; status: number }> {
  const sender = senderFor(conn.type);
  if (!sender) throw new Error(`Sending through a ${conn.type} connection is not available`);
  let status = 0;
  const requests = sender.requests(conn, msg);
  for (const req of requests) {
    status = (await sendHttpOk(req, { ...ctx, insecureTls: conn.insecureTls }, sender.refusal)).status;
  }
  return { requests: requests.length, status };
}
