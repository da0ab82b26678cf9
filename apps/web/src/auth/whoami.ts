import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from '../api/http.js';
import { useAbout } from '../api/platform.js';
import { CACHE } from '../api/queryClient.js';
import { WHOAMI_URL } from '../api/session.js';

export const whoamiSchema = z.object({
  message: z.string().optional(),
  payload: z.object({
    user: z.object({
      id: z.string(),
      name: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      avatar: z.string().nullable().optional(),
    }),
    roles: z.array(z.string()).default([]),
    permissions: z.array(z.string()).default([]),
    hostname: z.string().optional(),
    /** AUTH_MODE=oidc: the organisations the user menu switches between (`current` is this console). */
    organisations: z.array(z.object({ name: z.string(), url: z.string(), current: z.boolean() })).optional(),
  }),
});
export type Whoami = z.infer<typeof whoamiSchema>['payload'];
export type Organisation = NonNullable<Whoami['organisations']>[number];

export async function fetchWhoami(): Promise<Whoami> {
  return whoamiSchema.parse(await http(WHOAMI_URL)).payload;
}

/** The signed-in user's query; a change of name or email refreshes it. */
export const whoamiKey = ['whoami'] as const;

/**
 * The signed-in user with roles and permissions; never cached (roles staleTime 0). Asked only
 * once /api/about has said this is not the standalone checker, which has no sign-in.
 */
export function useWhoami() {
  const about = useAbout();
  return useQuery({
    queryKey: whoamiKey,
    queryFn: fetchWhoami,
    enabled: about.isSuccess ? about.data.appMode !== 'checker' : about.isError,
    ...CACHE.roles,
  });
}

/** The hosted organisation mode (AUTH_MODE=oidc): organisation switcher, provisioning screen. */
export function useHostedMode(): boolean {
  return useAbout().data?.authMode === 'oidc';
}

/** The standalone checker deployment (APP_MODE=checker): health summary only, no sign-in. */
export function useCheckerMode(): boolean {
  return useAbout().data?.appMode === 'checker';
}
