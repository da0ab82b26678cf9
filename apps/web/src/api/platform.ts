import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { http } from './http.js';
import { ABOUT_URL, setAppMode } from './session.js';

export const aboutSchema = z.object({
  version: z.string(),
  commit: z.string().optional(),
  database: z.string().optional(),
  appMode: z.string().optional(),
  registration: z.boolean().optional(),
  /** builtin, none, kratos or oidc: which sign-in the login page offers. */
  authMode: z.string().optional(),
  /** AUTH_MODE=oidc: the identity provider's name for 'Sign in with {provider}'. */
  oidcProvider: z.string().optional(),
});
export type About = z.infer<typeof aboutSchema>;

export async function fetchAbout(): Promise<About> {
  return aboutSchema.parse(await http(ABOUT_URL));
}

export function useAbout() {
  return useQuery({
    queryKey: ['about'],
    queryFn: async () => {
      const about = await fetchAbout();
      setAppMode(about.appMode);
      return about;
    },
    staleTime: Infinity,
  });
}

const propertiesSchema = z.array(z.object({ name: z.string(), value: z.string().nullable() }));
export type Property = z.infer<typeof propertiesSchema>[number];

export async function fetchProperties(): Promise<Property[]> {
  return propertiesSchema.parse(await http('/api/properties'));
}
