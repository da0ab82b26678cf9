import type { PublicStatusPage } from '@opsdeck/shared';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** XML 1.0 forbids most control characters even escaped: they are dropped from text. */
// eslint-disable-next-line no-control-regex
const text = (s: string) => escapeXml(s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));

const iso = (t: string) => new Date(t).toISOString();

/**
 * The Atom feed of a public page (RFC 4287): one entry per public update of its incidents,
 * newest first. `pageUrl` is the page's address as the reader reached it; ids are URNs of the
 * page's opaque keys, so they stay the same whatever address the feed is read at.
 */
export function atomFeed(doc: PublicStatusPage, pageUrl: string, feedUrl: string): string {
  const entries = doc.incidents
    .flatMap((i) => i.updates.map((u) => ({ incident: i, update: u })))
    .sort((a, b) => (a.update.at < b.update.at ? 1 : a.update.at > b.update.at ? -1 : 0));
  const updated = entries[0]?.update.at ?? doc.generated_at;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>urn:opsdeck:status:${doc.slug}</id>`,
    `  <title>${text(doc.title)}</title>`,
    doc.description ? `  <subtitle>${text(doc.description)}</subtitle>` : '',
    `  <updated>${iso(updated)}</updated>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(pageUrl)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(feedUrl)}"/>`,
    `  <author><name>${text(doc.title)}</name></author>`,
    ...entries.map(({ incident, update }) =>
      [
        '  <entry>',
        `    <id>urn:opsdeck:status:${doc.slug}:${incident.key}:${update.key}</id>`,
        `    <title>${text(`${incident.title} (${incident.status})`)}</title>`,
        `    <updated>${iso(update.at)}</updated>`,
        `    <published>${iso(update.at)}</published>`,
        `    <link rel="alternate" type="text/html" href="${escapeXml(pageUrl)}"/>`,
        `    <content type="text">${text(update.text)}</content>`,
        '  </entry>',
      ].join('\n'),
    ),
    '</feed>',
  ];
  return `${lines.filter(Boolean).join('\n')}\n`;
}
