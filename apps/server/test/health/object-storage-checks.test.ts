import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeCheck, type ExecuteOptions } from '../../src/health/run-check.js';
import { outboundPolicy } from '../../src/net/outbound.js';
import { startGcsServer, startS3Server } from '../peers/s3-server.js';
import { directOpts } from './check-opts.js';

const opts: ExecuteOptions = { ...directOpts, defaultTimeoutMs: 5000 };
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('s3 and gcs checks against loopback servers', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let gcs: Awaited<ReturnType<typeof startGcsServer>>;
  const objects = {
    'mysql/backups/2026-01-01/mysql.zip': { size: 100, modified: ago(DAY) },
    'mysql/backups/2025-12-01/mysql.zip': { size: 80, modified: ago(30 * DAY) },
    'pg/backup.zip': { size: 10, modified: ago(1000) },
  };
  beforeAll(async () => {
    s3 = await startS3Server({ backups: objects });
    gcs = await startGcsServer({ backups: objects });
  });
  afterAll(async () => {
    await s3.close();
    await gcs.close();
  });
  const aws = () => ({
    accessKey: { value: 'AKIA' },
    secretKey: { value: 'secret' },
    region: 'minio',
    endpoint: s3.endpoint,
    usePathStyle: true,
  });

  it('folder s3://: lists through the SDK with the folder filter and counts', async () => {
    const r = await executeCheck(
      'folder',
      {
        path: 's3://backups/mysql',
        awsConnection: aws(),
        filter: { regex: 'mysql\\.zip$', maxAge: '7d' },
        minCount: 1,
        test: { expr: 'count == 1' },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null, message: '1 objects' });
    expect((r.details.newest as { name: string }).name).toBe('mysql/backups/2026-01-01/mysql.zip');
    expect(s3.requests.some((q) => /^GET \/backups\/?\?.*prefix=mysql/.test(q))).toBe(true);
    const few = await executeCheck(
      'folder',
      { path: 's3://backups', awsConnection: aws(), minCount: 5 },
      opts,
    );
    expect(few.error).toBe('3 objects, expected at least 5');
    const old = await executeCheck(
      'folder',
      { path: 's3://backups/mysql', awsConnection: aws(), maxAge: '7d' },
      opts,
    );
    expect(old.error).toMatch(
      /^mysql\/backups\/2025-12-01\/mysql\.zip is too old: \d+h old, expected at most 7d$/,
    );
  });

  it('folder s3://: a missing bucket, missing keys and a refused endpoint are clear failures', async () => {
    const missing = await executeCheck('folder', { path: 's3://nope', awsConnection: aws() }, opts);
    expect(missing.error).toMatch(
      /^listing s3:\/\/nope: NoSuchBucket \(HTTP 404\): The specified bucket does not exist$/,
    );
    const noKeys = await executeCheck(
      'folder',
      { path: 's3://backups', awsConnection: { endpoint: s3.endpoint } },
      opts,
    );
    expect(noKeys.error).toMatch(/accessKey and secretKey are required/);
    const refused = await executeCheck(
      'folder',
      { path: 's3://backups', awsConnection: aws() },
      {
        ...opts,
        outbound: outboundPolicy({ allowLinkLocal: false, denyPrivate: false, denyLoopback: true }),
      },
    );
    expect(refused.error).toMatch(
      /^listing s3:\/\/backups: .*refused to connect to 127\.0\.0\.1: loopback addresses are not allowed/,
    );
  });

  it('the SDK connects through the outbound policy: a name resolves by the policy, a refused answer fails', async () => {
    const rules = { allowLinkLocal: false, denyPrivate: false, denyLoopback: false };
    const port = new URL(s3.endpoint).port;
    const endpoint = `http://minio.test:${port}`;
    const resolver = (answer: string) => () => Promise.resolve([{ address: answer, family: 4 as const }]);
    const spec = { path: 's3://backups', awsConnection: { ...aws(), endpoint } };
    const ok = await executeCheck('folder', spec, {
      ...opts,
      outbound: outboundPolicy(rules, resolver('127.0.0.1')),
    });
    expect(ok).toMatchObject({ pass: true, message: '3 objects' });
    const metadata = await executeCheck('folder', spec, {
      ...opts,
      outbound: outboundPolicy(rules, resolver('169.254.169.254')),
    });
    expect(metadata.error).toMatch(
      /refused to connect to minio\.test \(169\.254\.169\.254\): link-local and cloud metadata/,
    );
  });

  it('s3: puts, gets, lists and deletes an object', async () => {
    const r = await executeCheck(
      's3',
      {
        bucket: { name: 'backups', endpoint: s3.endpoint, region: 'minio' },
        objectPath: 'canary/probe.txt',
        accessKey: 'AKIA',
        secretKey: 'secret',
        usePathStyle: true,
      },
      opts,
    );
    expect(r).toMatchObject({
      pass: true,
      error: null,
      message: 'put, get, list and delete of canary/probe.txt in backups',
    });
    expect(s3.store.get('backups')?.has('canary/probe.txt')).toBe(false);
    const denied = await executeCheck(
      's3',
      { bucketName: 'other', endpoint: s3.endpoint, accessKey: 'AKIA', secretKey: 'secret' },
      opts,
    );
    expect(denied.error).toMatch(/^PutObject other\/opsdeck-canary\/[0-9a-f]{6}: NoSuchBucket/);
  });

  it('gcs: folder gcs:// and the gcs type list through the SDK against the JSON API', async () => {
    const r = await executeCheck(
      'folder',
      {
        path: 'gcs://backups/mysql/',
        gcpConnection: { endpoint: gcs.endpoint },
        minCount: 2,
        maxCount: 2,
        display: { expr: "files.map(f, f.name).join(', ')" },
      },
      opts,
    );
    expect(r).toMatchObject({ pass: true, error: null });
    expect(r.message).toBe('mysql/backups/2026-01-01/mysql.zip, mysql/backups/2025-12-01/mysql.zip');
    const typed = await executeCheck(
      'gcs',
      {
        path: 'gcs://backups',
        gcpConnection: { endpoint: gcs.endpoint },
        filter: { minSize: 50 },
        maxCount: 1,
      },
      opts,
    );
    expect(typed.error).toBe('2 objects, expected at most 1');
    const missing = await executeCheck(
      'gcs',
      { path: 'gcs://nope', gcpConnection: { endpoint: gcs.endpoint } },
      opts,
    );
    expect(missing.error).toMatch(/^listing gcs:\/\/nope: .*The specified bucket does not exist/);
  });
});
