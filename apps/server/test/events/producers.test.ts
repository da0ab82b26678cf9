import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configDiffChange, recordChange } from '../../src/catalog/changes-record.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/types.js';
import { recordCheckResult } from '../../src/health/record.js';
import { refreshStatuses } from '../../src/topology/rollup.js';
import { DB_KINDS, freshDb } from '../helpers.js';

type Queued = { name: string; event_id: string; properties: Record<string, unknown> };

describe.each(DB_KINDS)('event producers on %s', (kind) => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDb(kind);
    db = fresh.db;
    drop = fresh.drop;
    await migrate(db);
  });
  afterAll(async () => {
    await drop();
  });
  beforeEach(async () => {
    await db.query('DELETE FROM event_queue');
  });

  /** The events queued since the last call, which it then takes off the queue (a consumer's job). */
  async function taken(): Promise<Queued[]> {
    const { rows } = await db.query<Queued>('DELETE FROM event_queue RETURNING name, event_id, properties');
    return rows.sort((x, y) => x.name.localeCompare(y.name) || x.event_id.localeCompare(y.event_id));
  }
  const names = async () => (await taken()).map((e) => e.name);

  async function insertItem(fields: Record<string, unknown>): Promise<string> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO config_items (type, name, namespace, description, status, health, labels, tags, deleted_at)
       SELECT type, name, namespace, description, status, health, coalesce(labels, '{}'), coalesce(tags, '{}'), deleted_at
       FROM jsonb_to_record($1::jsonb) AS r(type text, name text, namespace text, description text, status text,
         health text, labels jsonb, tags jsonb, deleted_at timestamptz)
       RETURNING id`,
      [JSON.stringify({ type: 'Kubernetes::Pod', name: 'api-0', namespace: 'shop', ...fields })],
    );
    return rows[0]!.id;
  }
  const setHealth = (id: string, health: string | null) =>
    db.query('UPDATE config_items SET health = $2, updated_at = now() WHERE id = $1', [id, health]);

  describe('config items', () => {
    it('queue config.created with what a notification shows, once per new live item', async () => {
      const id = await insertItem({
        health: 'healthy',
        status: 'Running',
        description: 'serves the shop',
        labels: { app: 'api' },
        tags: { cluster: 'prod' },
      });
      const [created, ...rest] = await taken();
      expect(rest).toEqual([]);
      expect(created).toMatchObject({
        name: 'config.created',
        event_id: id,
        properties: {
          id,
          config_id: id,
          name: 'api-0',
          type: 'Kubernetes::Pod',
          namespace: 'shop',
          status: 'Running',
          health: 'healthy',
          description: 'serves the shop',
          labels: { app: 'api' },
          tags: { cluster: 'prod' },
          agent_id: '00000000-0000-0000-0000-000000000000',
        },
      });
      expect(created?.properties).not.toHaveProperty('config');

      await db.query(
        `INSERT INTO config_items (type, name) SELECT 'Kubernetes::Pod', 'pod-' || g FROM generate_series(1, 3) g`,
      );
      expect(await names()).toEqual(['config.created', 'config.created', 'config.created']);
      // An item stored as already deleted is not news.
      await insertItem({ deleted_at: new Date().toISOString() });
      expect(await names()).toEqual([]);
    });

    it('queue config.unhealthy or config.warning beside config.created for an item born so', async () => {
      await insertItem({ health: 'unhealthy' });
      expect(await names()).toEqual(['config.created', 'config.unhealthy']);
      await insertItem({ health: 'warning' });
      expect(await names()).toEqual(['config.created', 'config.warning']);
      await insertItem({ health: 'unknown' });
      expect(await names()).toEqual(['config.created']);
    });

    it('queue one config.<health> per health transition, config.degraded from unhealthy to warning', async () => {
      const id = await insertItem({ health: 'healthy' });
      await taken();
      const steps: [string | null, string[]][] = [
        ['unhealthy', ['config.unhealthy']],
        ['unhealthy', []],
        ['warning', ['config.degraded']],
        ['warning', []],
        ['unhealthy', ['config.unhealthy']],
        ['healthy', ['config.healthy']],
        ['warning', ['config.warning']],
        [null, ['config.unknown']],
        // No health and unknown are the same thing.
        ['unknown', []],
        ['healthy', ['config.healthy']],
      ];
      for (const [health, expected] of steps) {
        await setHealth(id, health);
        expect({ health, queued: await names() }).toEqual({ health, queued: expected });
      }
      await setHealth(id, 'unhealthy');
      expect(await taken()).toMatchObject([
        {
          name: 'config.unhealthy',
          event_id: id,
          properties: { id, health: 'unhealthy', previous_health: 'healthy', name: 'api-0' },
        },
      ]);
      // Other columns changing is no health transition.
      await db.query('UPDATE config_items SET name = \'api-1\', labels = \'{"x":"y"}\' WHERE id = $1', [id]);
      expect(await names()).toEqual([]);
    });

    it('queue config.deleted once on soft delete, and nothing more for a deleted item', async () => {
      const id = await insertItem({ health: 'healthy' });
      await taken();
      await db.query('UPDATE config_items SET deleted_at = now() WHERE id = $1', [id]);
      expect(await taken()).toMatchObject([
        { name: 'config.deleted', event_id: id, properties: { id, name: 'api-0', type: 'Kubernetes::Pod' } },
      ]);
      await db.query('UPDATE config_items SET deleted_at = now(), updated_at = now() WHERE id = $1', [id]);
      await setHealth(id, 'unhealthy');
      expect(await names()).toEqual([]);
    });

    it('queue config.updated for a diff change and config.changed for any other, once per new change', async () => {
      const id = await insertItem({ health: 'healthy' });
      await taken();
      const diff = configDiffChange(id, { spec: { replicas: 2 } }, { spec: { replicas: 3 } }, 'scraper');
      await recordChange(db, diff!);
      const [updated, ...none] = await taken();
      expect(none).toEqual([]);
      const { rows } = await db.query<{ id: string }>('SELECT id FROM config_changes WHERE config_id = $1', [
        id,
      ]);
      expect(updated).toMatchObject({
        name: 'config.updated',
        event_id: rows[0]!.id,
        properties: {
          id,
          config_id: id,
          name: 'api-0',
          change_id: rows[0]!.id,
          change_type: 'diff',
          summary: 'spec.replicas changed',
          severity: 'info',
          source: 'scraper',
        },
      });

      const restart = {
        configId: id,
        changeType: 'PodRestarted',
        summary: 'restarted',
        source: 'kubernetes',
      };
      expect(await recordChange(db, restart)).toBe(true);
      expect(await names()).toEqual(['config.changed']);
      // The same change again within the hour is counted into the stored one, not a new change.
      expect(await recordChange(db, restart)).toBe(false);
      expect(await names()).toEqual([]);
    });
  });

  describe('components', () => {
    let topologyId: string;
    beforeAll(async () => {
      const { rows } = await db.query<{ id: string }>(
        "INSERT INTO topologies (name, spec) VALUES ('shop', '{}') RETURNING id",
      );
      topologyId = rows[0]!.id;
    });

    async function insertComponent(status?: string): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO components (topology_id, name, type, namespace, labels, status)
         VALUES ($1, 'checkout', 'Service', 'shop', '{"tier":"web"}', coalesce($2, 'unknown')) RETURNING id`,
        [topologyId, status ?? null],
      );
      return rows[0]!.id;
    }
    const setStatus = (id: string, status: string) =>
      db.query('UPDATE components SET status = $2, health = $2, updated_at = now() WHERE id = $1', [
        id,
        status,
      ]);

    it('queue one component.<health> per transition of the rolled-up health', async () => {
      const id = await insertComponent();
      expect(await names()).toEqual([]);
      const steps: [string, string[]][] = [
        ['healthy', ['component.healthy']],
        ['healthy', []],
        ['unhealthy', ['component.unhealthy']],
        ['warning', ['component.warning']],
        ['unknown', ['component.unknown']],
        ['warning', ['component.warning']],
        ['error', ['component.error']],
        ['info', []],
        ['error', ['component.error']],
      ];
      for (const [status, expected] of steps) {
        await setStatus(id, status);
        expect({ status, queued: await names() }).toEqual({ status, queued: expected });
      }
      await setStatus(id, 'unhealthy');
      expect(await taken()).toMatchObject([
        {
          name: 'component.unhealthy',
          event_id: id,
          properties: {
            id,
            name: 'checkout',
            type: 'Service',
            namespace: 'shop',
            status: 'unhealthy',
            previous_status: 'error',
            labels: { tier: 'web' },
            topology_id: topologyId,
            agent_id: '00000000-0000-0000-0000-000000000000',
          },
        },
      ]);
      await db.query("UPDATE components SET name = 'cart' WHERE id = $1", [id]);
      expect(await names()).toEqual([]);
    });

    it('queue component.unhealthy for one born so, and nothing for a deleted one', async () => {
      await insertComponent('unhealthy');
      expect(await names()).toEqual(['component.unhealthy']);
      await insertComponent('error');
      expect(await names()).toEqual(['component.error']);
      const id = await insertComponent('healthy');
      expect(await names()).toEqual([]);
      await db.query('UPDATE components SET deleted_at = now() WHERE id = $1', [id]);
      await setStatus(id, 'unhealthy');
      expect(await names()).toEqual([]);
    });
  });

  describe('checks', () => {
    let canaryId: string;
    beforeAll(async () => {
      const { rows } = await db.query<{ id: string }>(
        "INSERT INTO canaries (name, namespace) VALUES ('shop-probes', 'shop') RETURNING id",
      );
      canaryId = rows[0]!.id;
    });
    async function insertCheck(name: string): Promise<string> {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO checks (canary_id, name, type, namespace, description, labels)
         VALUES ($1, $2, 'http', 'shop', 'the home page', '{"team":"web"}') RETURNING id`,
        [canaryId, name],
      );
      return rows[0]!.id;
    }
    let tick = Date.now();
    const record = (checkId: string, pass: boolean) =>
      recordCheckResult(
        db,
        checkId,
        {
          time: new Date((tick += 1000)),
          pass,
          durationMs: 12,
          message: pass ? 'HTTP 200' : 'HTTP 500',
          error: pass ? null : 'response code 500, expected 2xx',
          details: {},
        },
        null,
      );

    it('queue check.failed / check.passed once per status change, a first run only when it fails', async () => {
      const id = await insertCheck('home');
      const steps: [boolean, string[]][] = [
        [true, []],
        [true, []],
        [false, ['check.failed']],
        [false, []],
        [true, ['check.passed']],
        [false, ['check.failed']],
      ];
      for (const [pass, expected] of steps) {
        await record(id, pass);
        expect({ pass, queued: await names() }).toEqual({ pass, queued: expected });
      }
      await record(id, true);
      expect(await taken()).toMatchObject([
        {
          name: 'check.passed',
          event_id: id,
          properties: {
            id,
            check_id: id,
            canary_id: canaryId,
            canary_name: 'shop-probes',
            name: 'home',
            type: 'http',
            namespace: 'shop',
            description: 'the home page',
            labels: { team: 'web' },
            status: 'healthy',
            previous_status: 'unhealthy',
            message: 'HTTP 200',
            error: null,
          },
        },
      ]);
    });

    it('queue check.failed for a first run that fails, with its message and error', async () => {
      const id = await insertCheck('login');
      await record(id, false);
      expect(await taken()).toMatchObject([
        {
          name: 'check.failed',
          event_id: id,
          properties: {
            id,
            status: 'unhealthy',
            previous_status: null,
            message: 'HTTP 500',
            error: 'response code 500, expected 2xx',
          },
        },
      ]);
    });

    it('a failing check turns its component unhealthy: one check.failed, one component.unhealthy', async () => {
      const { rows } = await db.query<{ id: string }>(
        "INSERT INTO topologies (name, spec) VALUES ('site', '{}') RETURNING id",
      );
      const topologyId = rows[0]!.id;
      const checkId = await insertCheck('search');
      const component = await db.query<{ id: string }>(
        "INSERT INTO components (topology_id, name, type) VALUES ($1, 'search', 'Service') RETURNING id",
        [topologyId],
      );
      const componentId = component.rows[0]!.id;
      await db.query(
        'INSERT INTO check_component_relationships (component_id, check_id, canary_id) VALUES ($1, $2, $3)',
        [componentId, checkId, canaryId],
      );
      await record(checkId, true);
      await refreshStatuses(db, topologyId);
      expect(await names()).toEqual(['component.healthy']);

      await record(checkId, false);
      await refreshStatuses(db, topologyId);
      await refreshStatuses(db, topologyId);
      expect(await taken()).toMatchObject([
        { name: 'check.failed', event_id: checkId },
        { name: 'component.unhealthy', event_id: componentId, properties: { previous_status: 'healthy' } },
      ]);
    });
  });
});
