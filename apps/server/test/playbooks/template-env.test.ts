import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { loadRunResource, resolveParams } from '../../src/playbooks/template-env.js';
import { DB_KINDS, freshDb } from '../helpers.js';

describe.each(DB_KINDS)('playbook template env on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;
  let configId: string;
  beforeAll(async () => {
    ({ db, drop } = await freshDb(kind));
    await migrate(db);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO config_items (type, name, config_class, config) VALUES ('Kubernetes::Pod', 'api-0', 'Pod', '{"spec":{"replicas":2}}') RETURNING id`,
    );
    configId = rows[0]!.id;
  });
  afterAll(async () => {
    await drop();
  });

  it('loads the run resource and resolves config parameters to the whole item', async () => {
    const env = await loadRunResource(db, { config_id: configId, check_id: null });
    expect(env.config).toMatchObject({
      name: 'api-0',
      config_class: 'Pod',
      config: { spec: { replicas: 2 } },
    });
    expect(env.check).toBeUndefined();
    const params = await resolveParams(db, [{ name: 'target', type: 'config' }, { name: 'note' }], {
      target: configId,
      note: 'hi',
    });
    expect(params).toMatchObject({ target: { name: 'api-0' }, note: 'hi' });
  });
});
