import { z } from 'zod';
import type { SettingsRow } from '../../ui/settings-resource/row.js';

/** What the list embeds per team: one entry per member (the server has no embedded count). */
export const MEMBERS_SELECT = 'team_members(person_id)';

const members = z.array(z.unknown());

/** How many members a listed team has; 0 when the embed is missing. */
export function memberCount(row: SettingsRow): number {
  const parsed = members.safeParse(row.team_members);
  return parsed.success ? parsed.data.length : 0;
}
