import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { db, rows } from '../../../api/postgrest.js';
import { teamKeys } from './keys.js';

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().nullable().optional(),
  spec: z.unknown().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().nullable().optional(),
});
export type Team = z.infer<typeof teamSchema>;

const personSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
});
export type Person = z.infer<typeof personSchema>;

const memberSchema = z.object({ team_id: z.string(), person_id: personSchema });
export type TeamMember = z.infer<typeof memberSchema>;

/** GET /teams?deleted_at=is.null&order=name.asc (spec 3 §7.3). */
export function useTeams() {
  return useQuery({
    queryKey: teamKeys.list(),
    queryFn: async () =>
      z
        .array(teamSchema)
        .parse(await rows(db.from('teams').select('*').is('deleted_at', null).order('name'))),
  });
}

export function useTeam(id: string | undefined) {
  return useQuery({
    queryKey: teamKeys.team(id),
    enabled: id !== undefined && id !== 'new',
    queryFn: async () => {
      const list = z.array(teamSchema).parse(
        await rows(
          db
            .from('teams')
            .select('*')
            .eq('id', id ?? ''),
        ),
      );
      const team = list[0];
      if (!team) throw new Error('No resources found');
      return team;
    },
  });
}

export type TeamInput = { name: string; icon: string | null; spec: unknown };

export function useSaveTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: TeamInput & { id?: string }) => {
      const q = id
        ? db.from('teams').update(input).eq('id', id).select('*')
        : db.from('teams').insert(input).select('*');
      const saved = z.array(teamSchema).parse(await rows(q))[0];
      if (!saved) throw new Error('No resources found');
      return saved;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

/** Soft delete: a PATCH of deleted_at (spec 1 §7, generic resources). */
export function useDeleteTeam() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      rows(db.from('teams').update({ deleted_at: new Date().toISOString() }).eq('id', id).select('id')),
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

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
