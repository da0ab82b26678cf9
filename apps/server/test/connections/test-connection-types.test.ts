import { CONNECTION_TYPES, connectionTestRefusal } from '@opsdeck/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testerFor } from '../../src/connections/testers/registry.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { testStored } from './helpers.js';

const START_TIMEOUT = 300_000;

/** The types Opsdeck has no client for (docs/connections.md says why for each). */
const UNTESTABLE = ['azure', 'azure_devops', 'gitlab', 'jmeter', 'mongo', 'restic', 'sql_server', 'windows'];

describe('which connection types can be tested', () => {
  it('is one list: the shared catalog refuses exactly the types the server has no tester for', () => {
    const refused = CONNECTION_TYPES.filter((t) => connectionTestRefusal(t.type)).map((t) => t.type);
    expect(refused.sort()).toEqual(UNTESTABLE);
    for (const t of CONNECTION_TYPES) {
      if (connectionTestRefusal(t.type)) expect(testerFor(t.type), t.type).toBeUndefined();
      else expect(testerFor(t.type), t.type).toBeDefined();
    }
  });
});

describe.each(DB_KINDS)('Test Connection for every connection type on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  }, START_TIMEOUT);
  afterAll(() => server?.close());

  it('never answers 501 for a type it can test; answers 501 with the dialog’s sentence for the others', async () => {
    for (const { type } of CONNECTION_TYPES) {
      // Stored with no fields at all (straight into the table, past the form's required fields):
      // every tester then stops at what is missing, before it could reach any peer.
      const { rows } = await server.db.query<{ id: string }>(
        'INSERT INTO connections (name, type) VALUES ($1, $2) RETURNING id',
        [`walk-${type}`, type],
      );
      const answer = await testStored(server, undefined, rows[0]?.id ?? '');
      const refusal = connectionTestRefusal(type);
      if (refusal) {
        expect(answer, type).toEqual({ status: 501, body: { error: refusal } });
      } else {
        expect(answer.status, `${type}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body.error, type).toBeTruthy();
      }
    }
  });
});
