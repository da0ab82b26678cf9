import type { Storage } from '@google-cloud/storage';
import { loadGoogleStorage } from '../lib/packages.js';
import type { OutboundPolicy } from './outbound.js';
import { checkSdkEndpoint } from './outbound-s3.js';

/** Where and how to reach Cloud Storage: an endpoint (emulators) and a service-account key (JSON text). */
export type GcsOptions = { endpoint?: string | undefined; credentials?: string | undefined };

/**
 * The one Cloud Storage client builder (gcs and folder checks, Test Connection). The endpoint's
 * host is checked against the outbound policy first; the SDK opens its own connections
 * afterwards (its transport takes no lookup), see docs/health.md. Credentials are a
 * service-account JSON; with a custom endpoint and none, requests are unauthenticated.
 */
export async function outboundGcsClient(t: GcsOptions, policy: OutboundPolicy): Promise<Storage> {
  let credentials: Record<string, unknown> | undefined;
  if (t.credentials) {
    try {
      credentials = JSON.parse(t.credentials) as Record<string, unknown>;
    } catch {
      throw new Error('gcpConnection.credentials must be a service-account key (JSON)');
    }
  } else if (!t.endpoint) {
    throw new Error(
      "gcpConnection.credentials is required (the server's own Google credentials are not used)",
    );
  }
  await checkSdkEndpoint(t.endpoint ?? 'https://storage.googleapis.com', policy);
  const { Storage: Client } = await loadGoogleStorage();
  return new Client({
    ...(t.endpoint ? { apiEndpoint: t.endpoint, useAuthWithCustomEndpoint: Boolean(credentials) } : {}),
    ...(credentials
      ? { credentials, projectId: String(credentials.project_id ?? '') || undefined }
      : { projectId: 'opsdeck-check' }),
    retryOptions: { autoRetry: false },
  });
}
