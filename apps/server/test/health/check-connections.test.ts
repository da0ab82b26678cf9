import { describe, expect, it } from 'vitest';
import type { HydratedConnection } from '../../src/connections/index.js';
import { applyConnection } from '../../src/health/checks/connection.js';

const conn = (over: Partial<HydratedConnection>): HydratedConnection => ({
  id: '1',
  name: 'c',
  namespace: 'default',
  type: 'kubernetes',
  url: '',
  username: '',
  password: '',
  certificate: '',
  properties: {},
  insecureTls: false,
  ...over,
});

describe('connections for the Kubernetes and s3 checks', () => {
  it('a Kubernetes connection gives its kubeconfig, unless the check has its own', () => {
    const k = conn({ certificate: 'apiVersion: v1\nkind: Config\n' });
    for (const type of ['kubernetes', 'pod', 'namespace', 'kubernetesResource']) {
      expect(applyConnection(type, { connection: 'connection://k8s', kind: 'Pod' }, k)).toEqual({
        kind: 'Pod',
        kubeconfig: 'apiVersion: v1\nkind: Config\n',
      });
    }
    expect(applyConnection('pod', { connection: 'connection://k8s', kubeconfig: 'own' }, k).kubeconfig).toBe(
      'own',
    );
  });

  it('an S3 connection gives endpoint, keys and region', () => {
    const s3 = conn({
      type: 's3',
      url: 'http://minio:9000',
      username: 'AKIA',
      password: 's',
      properties: { region: 'eu' },
    });
    expect(applyConnection('s3', { connection: 'connection://s3', bucketName: 'b' }, s3)).toMatchObject({
      endpoint: 'http://minio:9000',
      accessKey: 'AKIA',
      secretKey: 's',
      region: 'eu',
      bucketName: 'b',
    });
    expect(
      applyConnection('s3', { connection: 'connection://s3' }, { ...s3, properties: { bucket: 'logs' } })
        .bucketName,
    ).toBe('logs');
  });

  it('a Cloud Storage connection gives gcpConnection and the bucket path', () => {
    const g = conn({
      type: 'gcs',
      url: 'http://gcs:4443',
      certificate: '{"type":"service_account"}',
      properties: { bucket: 'b' },
    });
    expect(applyConnection('gcs', { connection: 'connection://gcs', minCount: 1 }, g)).toMatchObject({
      path: 'gcs://b',
      gcpConnection: { endpoint: 'http://gcs:4443', credentials: '{"type":"service_account"}' },
    });
  });
});
