import { EMAIL_FORMAT_MESSAGE, EMAIL_PATTERN, ROLES } from '@opsdeck/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../../../api/http.js';
import { userKeys } from './keys.js';

export const userSchema = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  traits: z.object({ email: z.string(), name: z.object({ first: z.string(), last: z.string() }) }),
  state: z.string().nullable(),
  roles: z.array(z.string()),
  created_at: z.string(),
  state_changed_at: z.string().nullable().optional(),
  updated_at: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;

export async function fetchUsers(): Promise<User[]> {
  return z.array(userSchema).parse(await http('/api/identities'));
}

export function useUsers() {
  return useQuery({ queryKey: userKeys.all, queryFn: fetchUsers });
}

/** The invite and edit form, with its validation texts. */
export const userFormSchema = z.object({
  firstName: z.string().trim().min(1, 'Please provide valid first name'),
  lastName: z.string().trim().min(1, 'Please provide valid last name'),
  email: z.string().trim().min(1, 'Please provide valid email').regex(EMAIL_PATTERN, EMAIL_FORMAT_MESSAGE),
  role: z.string().refine((r) => (ROLES as readonly string[]).includes(r), 'Please select any role'),
  active: z.boolean(),
});
export type UserForm = z.infer<typeof userFormSchema>;

const inviteAnswer = z.object({ link: z.string() });

export function useInviteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (f: UserForm) =>
      inviteAnswer.parse(
        await http('/api/auth/invite_user', {
          method: 'POST',
          body: { firstName: f.firstName, lastName: f.lastName, email: f.email, role: f.role },
        }),
      ).link,
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string } & UserForm) =>
      http('/api/people/update', {
        method: 'POST',
        body: {
          id: v.id,
          firstName: v.firstName,
          lastName: v.lastName,
          email: v.email,
          role: v.role,
          state: v.active ? 'active' : 'inactive',
        },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http(`/api/people/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** The form's values for an existing user (active is mapped from state). */
export function formValuesOf(u: User): UserForm {
  const role = ROLES.find((r) => u.roles.includes(r)) ?? 'viewer';
  return {
    firstName: u.traits.name.first,
    lastName: u.traits.name.last,
    email: u.traits.email,
    role,
    active: u.state === 'active',
  };
}

export const EMPTY_USER_FORM: UserForm = { firstName: '', lastName: '', email: '', role: '', active: true };
