import type { PublicMaintenance, PublicStatusPage } from '@opsdeck/shared';

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** XML 1.0 forbids most control characters even escaped: they are dropped from text. */
// eslint-disable-next-line no-control-regex
const text = (s: string) => escapeXml(s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''));

const iso = (t: string) => new Date(t).toISOString();

type Entry = { id: string; title: string; at: string; content: string };

/** Times in the feed are UTC: a feed reader has no other zone to go by. */
const utc = (t: string) => `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A maintenance window as an entry, dated when the window last changed, with its next times. */
function maintenanceEntry(slug: string, m: PublicMaintenance): Entry {
  const times = m.occurrences.map((o) => `${utc(o.starts)} to ${utc(o.ends)}`).join('\n');
  return {
    id: `urn:opsdeck:status:${slug}:maintenance:${m.key}`,
    title: `${m.active ? 'Maintenance under way' : 'Planned maintenance'}: ${m.name}`,
    at: m.updated,
    content: [m.description, times, m.affects.length ? `Affects ${m.affects.join(', ')}` : '']
      .filter(Boolean)
      .join('\n\n'),
  };
}

/**
 * The Atom feed of a public page (RFC 4287): one entry per public update of its incidents and
 * one per upcoming maintenance window, newest first. `pageUrl` is the page's address as the
 * reader reached it; ids are URNs of the page's opaque keys, so they stay the same whatever
 * address the feed is read at.
 */
export function atomFeed(doc: PublicStatusPage, pageUrl: string, feedUrl: string): string {
  const entries: Entry[] = [
    ...doc.incidents.flatMap((i) =>
      i.updates.map((u) => ({
        id: `urn:opsdeck:status:${doc.slug}:${i.key}:${u.key}`,
        title: `${i.title} (${i.status})`,
        at: u.at,
        content: u.text,
      })),
    ),
    ...doc.maintenance.map((m) => maintenanceEntry(doc.slug, m)),
  ].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const updated = entries[0]?.at ?? doc.generated_at;
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
    ...entries.map((e) =>
      [
        '  <entry>',
        `    <id>${e.id}</id>`,
        `    <title>${text(e.title)}</title>`,
        `    <updated>${iso(e.at)}</updated>`,
        `    <published>${iso(e.at)}</published>`,
        `    <link rel="alternate" type="text/html" href="${escapeXml(pageUrl)}"/>`,
        `    <content type="text">${text(e.content)}</content>`,
        '  </entry>',
      ].join('\n'),
    ),
    '</feed>',
  ];
  return `${lines.filter(Boolean).join('\n')}\n`;
}
