import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import { teamKeys } from './keys.js';

const personSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
});
export type Person = z.infer<typeof personSchema>;

const memberSchema = z.object({ team_id: z.string(), person_id: personSchema });
export type TeamMember = z.infer<typeof memberSchema>;

/** GET /team_members?team_id=eq.{id}&select=*,person_id(*) */
export function useTeamMembers(teamId: string) {
  return useQuery({
    queryKey: teamKeys.members(teamId),
    queryFn: async () =>
      z
        .array(memberSchema)
        .parse(await rows(db.from('team_members').select('*,person_id(*)').eq('team_id', teamId))),
  });
}

/** Everyone who can be added (the same people list as elsewhere). */
export function usePeople() {
  return useQuery({
    queryKey: teamKeys.people(),
    queryFn: async () => {
      const list = z
        .array(personSchema.extend({ type: z.string().nullable().optional() }))
        .parse(
          await rows(
            db.from('people').select('id,name,email,avatar,type').is('deleted_at', null).order('name'),
          ),
        );
      // Agents and access tokens are people rows too, but not team members.
      return list.filter((p) => p.type !== 'agent' && p.type !== 'access_token');
    },
  });
}

export function useAddMembers(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (personIds: string[]) =>
      rows(
        db
          .from('team_members')
          .insert(personIds.map((person_id) => ({ team_id: teamId, person_id })))
          .select('*'),
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
  });
}

/** DELETE /team_members?person_id=eq.{id} (scoped to this team, so other teams keep the person). */
export function useRemoveMember(teamId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (personId: string) =>
      rows(db.from('team_members').delete().eq('team_id', teamId).eq('person_id', personId).select('*')),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
  });
}
