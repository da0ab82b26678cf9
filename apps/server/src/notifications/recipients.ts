import { z } from 'zod';
import type { Queryable } from '../db/types.js';
import type { RuleRow } from './rule.js';

/**
 * Where one message goes: an email address (system SMTP), a connection or a sender URL — or a
 * playbook (`ns/name` or `name` as the rule wrote it), which is run instead of sent to.
 */
export type Recipient = {
  /** Human readable, stored with the history row. */
  label: string;
  personId?: string;
  /** A team entry's own CEL filter. */
  filter?: string;
  properties?: Record<string, string>;
} & (
  | { kind: 'email'; to: string }
  | { kind: 'connection'; reference: string }
  | { kind: 'url'; url: string }
  | { kind: 'playbook'; reference: string }
);

/** A team's notification settings entry (teams.spec.notifications[], Mission Control's NotificationConfig). */
const teamEntrySchema = z
  .object({
    name: z.string().optional(),
    filter: z.string().optional(),
    connection: z.string().optional(),
    url: z.string().optional(),
    email: z.string().optional(),
    emails: z.array(z.string()).optional(),
    properties: z.record(z.string(), z.string()).optional(),
  })
  .loose();
const teamSpecSchema = z.object({ notifications: z.array(teamEntrySchema).optional() }).loose();

/** `smtp://system/?To=a@b` (Mission Control's form of an email recipient) → the address. */
export function systemSmtpAddress(url: string): string | undefined {
  const m = /^smtp:\/\/system\/?\?(.*)$/i.exec(url.trim());
  if (!m) return undefined;
  const params = new URLSearchParams(m[1]);
  return params.get('To') ?? params.get('to') ?? undefined;
}

/** A sender URL without its credentials, for the history: `slack://…`, `generic+https://host`. */
export function urlLabel(url: string): string {
  const scheme = /^([a-z][\w+.-]*):\/\//i.exec(url)?.[1] ?? 'url';
  try {
    const host = new URL(url.replace(/^[\w.-]+\+/, '')).host;
    return host && !/@/.test(url.split('/')[2] ?? '') ? `${scheme}://${host}` : `${scheme}://…`;
  } catch {
    return `${scheme}://…`;
  }
}

function serviceRecipient(
  s: {
    connection?: string;
    url?: string;
    email?: string;
    filter?: string;
    properties?: Record<string, string>;
    name?: string;
  },
  label: (own: string) => string,
): Recipient[] {
  const base = {
    ...(s.filter ? { filter: s.filter } : {}),
    ...(s.properties ? { properties: s.properties } : {}),
  };
  if (s.connection)
    return [{ ...base, kind: 'connection', reference: s.connection, label: label(s.name ?? s.connection) }];
  if (s.url) {
    const email = systemSmtpAddress(s.url);
    if (email) return [{ ...base, kind: 'email', to: email, label: label(email) }];
    return [{ ...base, kind: 'url', url: s.url, label: label(s.name ?? urlLabel(s.url)) }];
  }
  if (s.email) return [{ ...base, kind: 'email', to: s.email, label: label(s.email) }];
  return [];
}

/** Everyone a rule tells: its person, each entry of its team's notification settings, or its services. */
export async function recipientsOf(
  db: Queryable,
  rule: Pick<RuleRow, 'person_id' | 'team_id' | 'custom_services' | 'properties'> & {
    playbook_ref?: string | null;
  },
): Promise<Recipient[]> {
  if (rule.playbook_ref)
    return [{ kind: 'playbook', reference: rule.playbook_ref, label: `playbook ${rule.playbook_ref}` }];
  if (rule.person_id) {
    const { rows } = await db.query<{ email: string | null }>(
      'SELECT email FROM people WHERE id = $1 AND deleted_at IS NULL',
      [rule.person_id],
    );
    const email = rows[0]?.email;
    return email ? [{ kind: 'email', to: email, label: email, personId: rule.person_id }] : [];
  }
  if (rule.team_id) {
    const { rows } = await db.query<{ name: string; spec: unknown }>(
      'SELECT name, spec FROM teams WHERE id = $1 AND deleted_at IS NULL',
      [rule.team_id],
    );
    const team = rows[0];
    if (!team) return [];
    const entries = teamSpecSchema.safeParse(team.spec).data?.notifications ?? [];
    return entries.flatMap((entry) => {
      const label = (own: string) => (entries.length > 1 ? `${team.name}: ${own}` : team.name);
      const emails = [...(entry.emails ?? [])];
      const own = serviceRecipient({ ...entry, email: entry.email }, label);
      return [
        ...own,
        ...emails.flatMap((email) =>
          serviceRecipient({ email, filter: entry.filter, properties: entry.properties }, label),
        ),
      ];
    });
  }
  return (rule.custom_services ?? []).flatMap((s) => {
    const props = Object.fromEntries(
      Object.entries(s.properties ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const email = typeof s.email === 'string' ? s.email : undefined;
    return serviceRecipient(
      { ...s, email, properties: { ...(rule.properties ?? {}), ...props } },
      (own) => own,
    );
  });
}
