import { z } from 'zod';

/**
 * The http check's authentication and TLS fields, with canary-checker's (and Mission
 * Control's HTTP connection's) names. `value` forms take an EnvVar: inline text, `{value}`
 * or `{valueFrom: …}`.
 */
export const envValueSchema = z.union([
  z.string(),
  z
    .object({
      value: z.string().optional(),
      valueFrom: z
        .object({
          secretKeyRef: z.object({ name: z.string().min(1), key: z.string().min(1) }).optional(),
          configMapKeyRef: z.object({ name: z.string().min(1), key: z.string().min(1) }).optional(),
          /** A field of a connection: `{connection: "connection://ns/name", key: "password"}`. */
          connection: z.string().optional(),
          key: z.string().optional(),
        })
        .loose()
        .optional(),
    })
    .loose(),
]);

/** OAuth2 client credentials; clientID/clientSecret default to username/password as in canary-checker. */
export const oauth2Schema = z
  .object({
    tokenURL: z.string().min(1, 'tokenURL is required'),
    clientID: envValueSchema.optional(),
    clientSecret: envValueSchema.optional(),
    /** canary-checker spells the list `scope`; `scopes` is accepted too. */
    scope: z.array(z.string()).optional(),
    scopes: z.array(z.string()).optional(),
    params: z.record(z.string(), z.string()).optional(),
  })
  .loose();

/** AWS Signature V4 signing of the request (Mission Control's `awsSigV4`). */
export const awsSigV4Schema = z
  .object({
    service: z.string().min(1, 'service is required (for example execute-api or s3)'),
    region: z.string().optional(),
    accessKey: envValueSchema.optional(),
    secretKey: envValueSchema.optional(),
    sessionToken: envValueSchema.optional(),
    endpoint: z.string().optional(),
  })
  .loose();

/** PEM CA to verify the server, PEM client certificate and key for mutual TLS. */
export const tlsConfigSchema = z
  .object({
    insecureSkipVerify: z.boolean().optional(),
    handshakeTimeout: z.union([z.string(), z.number()]).optional(),
    ca: envValueSchema.optional(),
    cert: envValueSchema.optional(),
    key: envValueSchema.optional(),
  })
  .loose()
  .refine((t) => (t.cert === undefined) === (t.key === undefined), {
    message: 'cert and key go together: give both for a client certificate',
    path: ['cert'],
  });
