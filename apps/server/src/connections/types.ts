import { z } from 'zod';

/** A `connections` row as stored: secrets still sealed. */
export const connectionRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  namespace: z.string(),
  type: z.string(),
  url: z.string().nullable(),
  username: z.string().nullable(),
  password: z.string().nullable(),
  certificate: z.string().nullable(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  insecure_tls: z.boolean().nullable(),
});
export type ConnectionRow = z.infer<typeof connectionRowSchema>;

export const CONNECTION_COLUMNS =
  'id, name, namespace, type, url, username, password, certificate, properties, insecure_tls';

/**
 * A connection ready to use: secrets decrypted, `$(username)`, `$(password)`,
 * `$(properties.x)`, `$(name)`, `$(namespace)` and `$(type)` rendered into the URL. Lives only
 * in memory for the one run or test that asked for it.
 */
export type HydratedConnection = {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string;
  username: string;
  password: string;
  certificate: string;
  properties: Record<string, string>;
  insecureTls: boolean;
};
