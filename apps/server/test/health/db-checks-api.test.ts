import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../catalog/helpers.js';
import { DB_KINDS, startTestServer, type TestServer } from '../helpers.js';
import { peerUnavailable, startLdap, startSftp, type LdapPeer, type SftpPeer } from '../peers/index.js';

const why = peerUnavailable('ldap') ?? peerUnavailable('sftp');

describe.skipIf(why)(why ? `ldap and sftp canaries (skipped: ${why})` : 'ldap and sftp canaries', () => {
  let ldap: LdapPeer;
  let sftp: SftpPeer;
  beforeAll(async () => {
    [ldap, sftp] = await Promise.all([startLdap(), startSftp()]);
    fs.mkdirSync(path.join(sftp.home, 'drop'));
    fs.writeFileSync(path.join(sftp.home, 'drop', 'a.csv'), 'a');
  }, 60_000);
  afterAll(async () => {
    await ldap?.stop();
    await sftp?.stop();
  });

  describe.each(DB_KINDS)('saved through /api/db/canaries and run now (%s)', (kind) => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(() => server?.close());

    const runCheck = async (name: string) => {
      const { rows } = await server.db.query<{ id: string }>('SELECT id FROM checks WHERE name = $1', [name]);
      return (
        await api<{ failed: number; errors: string[] }>(
          server,
          'POST',
          `/api/canary/run/check/${rows[0]?.id}`,
        )
      ).body;
    };

    it('accepts the checks (an SFTP folder is not held to the local file roots) and runs them', async () => {
      const saved = await api<{ message?: string }>(server, 'POST', '/api/db/canaries', {
        name: 'directory-and-drop',
        spec: {
          ldap: [
            {
              name: 'people',
              url: ldap.url,
              username: { value: ldap.adminDN },
              password: { value: ldap.adminPassword },
              bindDN: ldap.peopleDN,
              userSearch: '(objectClass=inetOrgPerson)',
            },
            {
              name: 'wrong-password',
              url: ldap.url,
              username: ldap.adminDN,
              password: 'nope',
              bindDN: ldap.baseDN,
            },
          ],
          folder: [
            {
              name: 'drop',
              path: `${sftp.home}/drop`,
              sftpConnection: {
                host: '127.0.0.1',
                port: sftp.port,
                username: sftp.user,
                password: sftp.password,
              },
              minCount: 1,
            },
            {
              name: 'drop-empty',
              path: `${sftp.home}/drop`,
              sftpConnection: {
                host: '127.0.0.1',
                port: sftp.port,
                username: sftp.user,
                password: sftp.password,
              },
              minCount: 2,
            },
          ],
        },
      });
      expect(saved.status, saved.body?.message).toBeLessThan(300);
      expect(await runCheck('people')).toMatchObject({ failed: 0, errors: [] });
      expect(await runCheck('wrong-password')).toMatchObject({
        failed: 1,
        errors: [`wrong-password: bind as ${ldap.adminDN} failed: invalid credentials (LDAP result 49)`],
      });
      expect(await runCheck('drop')).toMatchObject({ failed: 0 });
      expect(await runCheck('drop-empty')).toMatchObject({
        failed: 1,
        errors: ['drop-empty: 1 files, expected at least 2'],
      });
    });

    it('logs in by private key: an sftp check through a connection that holds one, a folder check with it inline', async () => {
      const conn = await api<{ id: string }[]>(server, 'POST', '/api/db/connections', {
        name: 'drop-by-key',
        type: 'sftp',
        username: sftp.user,
        certificate: sftp.clientKey,
        properties: { host: '127.0.0.1', port: String(sftp.port) },
      });
      expect(conn.status).toBe(201);
      const saved = await api<{ message?: string }>(server, 'POST', '/api/db/canaries', {
        name: 'drop-by-key',
        spec: {
          sftp: [
            {
              name: 'sftp-by-key',
              connection: 'connection://default/drop-by-key',
              path: 'drop',
              minCount: 1,
            },
          ],
          folder: [
            {
              name: 'folder-by-encrypted-key',
              path: `${sftp.home}/drop`,
              sftpConnection: {
                host: '127.0.0.1',
                port: sftp.port,
                username: sftp.user,
                privateKey: sftp.encryptedClientKey,
                password: sftp.clientKeyPassphrase,
              },
              minCount: 1,
            },
          ],
        },
      });
      expect(saved.status, saved.body?.message).toBeLessThan(300);
      expect(await runCheck('sftp-by-key')).toMatchObject({ failed: 0, errors: [] });
      expect(await runCheck('folder-by-encrypted-key')).toMatchObject({ failed: 0, errors: [] });
    });

    it('refuses an ldap check without bindDN with a 400 naming the field', async () => {
      const res = await api<{ message: string }>(server, 'POST', '/api/db/canaries', {
        name: 'broken-ldap',
        spec: { ldap: [{ name: 'x', url: ldap.url }] },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('spec.ldap.0.bindDN');
    });

    it('keeps an unknown connection inside sftpConnection, listing it as not found yet', async () => {
      const res = await api<{ id: string }[]>(
        server,
        'POST',
        '/api/db/canaries',
        {
          name: 'unknown-sftp',
          spec: {
            folder: [{ name: 'x', path: '/in', sftpConnection: { connection: 'connection://sftp/nope' } }],
          },
        },
        { prefer: 'return=representation' },
      );
      expect(res.status).toBe(201);
      const waiting = await api(server, 'GET', `/api/specs/unresolved/canaries/${res.body[0]?.id}`);
      expect(waiting.body).toEqual({
        unresolved: [
          {
            path: 'spec.folder.0.sftpConnection.connection',
            message: 'connection connection://sftp/nope not found',
          },
        ],
      });
    });
  });
});
