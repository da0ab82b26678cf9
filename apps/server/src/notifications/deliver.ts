import {
  ConnectionNotFoundError,
  emailDestination,
  resolveConnection,
  sendMessage,
  type HydratedConnection,
} from '../connections/index.js';
import type { ServerContext } from '../context.js';
import { splitList } from '../lib/split-list.js';
import { outboundPolicy } from '../net/outbound.js';
import { sendSmtp, type SmtpRoute } from '../net/smtp.js';
import { smtpFromEnv, smtpFromUrl, type SmtpTarget } from '../net/smtp-target.js';
import { markdownToChat, markdownToText } from './markdown.js';
import type { Recipient } from './recipients.js';
import { senderUrlConnection } from './sender-url.js';

/** A rendered notification: the title, the Markdown body and its sanitised HTML. */
export type RenderedMessage = { title: string; markdown: string; html: string };

/** How long one delivery may take. */
export const DELIVERY_TIMEOUT_MS = 30_000;

/** A delivery failure whose text is safe to store: secrets already replaced by `***`. */
export class DeliveryError extends Error {}

/** A URL's secret-bearing parts: webhook URLs carry their tokens in the path and query. */
function urlParts(value: string): string[] {
  let url: URL;
  try {
    url = new URL(value.replace(/^[\w.-]+\+/, ''));
  } catch {
    return [];
  }
  const segments = url.pathname.split('/').filter((s) => s.length >= 6);
  return [url.pathname + url.search, url.search.slice(1), decodeURIComponent(url.password), ...segments];
}

function scrub(text: string, secrets: string[]): string {
  const all = secrets.flatMap((s) => [s, ...urlParts(s)]).filter((s) => s.length >= 4);
  // Longest first, so a whole URL is replaced before its parts.
  all.sort((a, b) => b.length - a.length);
  let out = text;
  for (const s of all) out = out.split(s).join('***');
  return out;
}

function connectionSecrets(conn: HydratedConnection): string[] {
  const secretProps = Object.entries(conn.properties)
    .filter(([k]) => /webhook|token|key|secret|password|url/i.test(k))
    .map(([, v]) => v);
  const values = [conn.password, conn.certificate, conn.url, ...secretProps];
  // Tokens also appear URL-encoded inside the URLs the senders build.
  return values.flatMap((v) => (v ? [v, encodeURIComponent(v)] : [])).filter((v) => v.length >= 4);
}

/** The operator's SMTP_URL, reached directly (net/smtp.ts says why). */
function systemSmtp(ctx: ServerContext): SmtpTarget {
  const url = ctx.config.auth.smtpUrl;
  if (!url) throw new DeliveryError('email needs the system SMTP server: SMTP_URL is not set');
  return smtpFromEnv(url, ctx.config.auth.smtpFrom);
}

async function mail(target: SmtpTarget, route: SmtpRoute, to: string[], msg: RenderedMessage): Promise<void> {
  if (to.length === 0) throw new DeliveryError('the email has no recipient');
  await sendSmtp(
    target,
    { to, subject: msg.title, text: markdownToText(msg.markdown), html: msg.html },
    route,
    { timeoutMs: DELIVERY_TIMEOUT_MS },
  );
}

async function throughConnection(
  ctx: ServerContext,
  conn: HydratedConnection,
  msg: RenderedMessage,
  properties: Record<string, string>,
): Promise<void> {
  const withProps = { ...conn, properties: { ...conn.properties, ...properties } };
  if (conn.type === 'email') {
    const { target, to } = emailDestination(withProps, ctx.config.auth.smtpFrom);
    // Recipients the rule names replace the connection's own.
    const ruleTo = splitList(properties.to);
    return mail(target, outboundPolicy(ctx.config.outbound), ruleTo.length ? ruleTo : to, msg);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('no answer within 30 s')), DELIVERY_TIMEOUT_MS);
  try {
    await sendMessage(
      withProps,
      { title: msg.title, message: markdownToChat(msg.markdown) },
      {
        outbound: outboundPolicy(ctx.config.outbound),
        signal: controller.signal,
        timeoutMs: DELIVERY_TIMEOUT_MS,
      },
    );
  } finally {
    clearTimeout(timer);
  }
}

/** Delivers one message to one recipient; throws DeliveryError with a storable message on failure. */
export async function deliver(ctx: ServerContext, recipient: Recipient, msg: RenderedMessage): Promise<void> {
  let secrets: string[] = [];
  try {
    if (recipient.kind === 'email') {
      const target = systemSmtp(ctx);
      secrets = [target.password];
      return await mail(target, 'direct', [recipient.to], msg);
    }
    if (recipient.kind === 'playbook') throw new DeliveryError('a playbook is run, not sent a message');
    if (recipient.kind === 'connection') {
      const conn = await resolveConnection(ctx, recipient.reference);
      secrets = connectionSecrets(conn);
      return await throughConnection(ctx, conn, msg, recipient.properties ?? {});
    }
    if (/^smtps?:\/\//i.test(recipient.url)) {
      secrets = [recipient.url];
      const { target, to } = smtpFromUrl(recipient.url, {}, ctx.config.auth.smtpFrom);
      secrets.push(target.password);
      return await mail(target, outboundPolicy(ctx.config.outbound), to, msg);
    }
    const conn = senderUrlConnection(recipient.url, recipient.properties);
    secrets = [recipient.url, ...connectionSecrets(conn)];
    return await throughConnection(ctx, conn, msg, {});
  } catch (e) {
    if (e instanceof DeliveryError) throw e;
    const text =
      e instanceof ConnectionNotFoundError ? e.message : e instanceof Error ? e.message || e.name : String(e);
    throw new DeliveryError(scrub(text, secrets));
  }
}
