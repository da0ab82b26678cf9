import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactedDocument } from '../../src/specs/applied-record.js';
import { connectionColumns } from '../../src/specs/connection-document.js';
import { parseDocuments, readDocuments } from '../../src/specs/documents.js';
import { parseSelector } from '../../src/specs/plan.js';

describe('opsdeck apply: reading files', () => {
  it('reads multi-document files and kind: List, matching kinds without regard to case', () => {
    const docs = parseDocuments(
      'a.yaml',
      `kind: canary
metadata: {name: one, labels: {app: shop}}
spec: {http: [{name: x, url: "http://example.com"}]}
---
apiVersion: v1
kind: List
items:
  - {kind: Team, metadata: {name: sre, namespace: mission-control}, spec: {}}
---
`,
    );
    expect(docs.map((d) => [d.kind, d.namespace, d.name, d.labels])).toEqual([
      ['Canary', 'default', 'one', { app: 'shop' }],
      // Teams have no namespace: the file's is not part of the object's identity.
      ['Team', 'default', 'sre', {}],
    ]);
    expect(docs[0]?.document.kind).toBe('Canary');
  });

  it('names the file, the document and the field of what cannot be applied', () => {
    expect(() => parseDocuments('x.yaml', 'kind: Canary\nmetadata: {}\n')).toThrow(
      'x.yaml: metadata.name: metadata.name is required',
    );
    expect(() => parseDocuments('x.yaml', 'a: 1\n---\nkind: Deployment\nmetadata: {name: d}\n')).toThrow(
      'x.yaml (document 1): kind: kind is required',
    );
    expect(() => parseDocuments('x.yaml', 'kind: Deployment\nmetadata: {name: d}\n')).toThrow(
      'x.yaml: kind Deployment is not one Opsdeck stores; the kinds are Connection, Team',
    );
    expect(() => parseDocuments('x.yaml', 'kind: [\n')).toThrow('x.yaml: not valid YAML');
  });

  it('reads a folder recursively in name order, skipping other files, and refuses one object twice', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'opsdeck-docs-'));
    try {
      fs.mkdirSync(path.join(dir, 'nested'));
      fs.writeFileSync(path.join(dir, 'b.yml'), 'kind: Canary\nmetadata: {name: b}\nspec: {}\n');
      fs.writeFileSync(path.join(dir, 'nested', 'a.json'), '{"kind":"Canary","metadata":{"name":"a"}}');
      fs.writeFileSync(path.join(dir, 'README.md'), '# not a spec');
      fs.writeFileSync(path.join(dir, '.hidden.yaml'), 'kind: Canary\nmetadata: {name: hidden}\n');
      expect(readDocuments([dir]).map((d) => d.name)).toEqual(['b', 'a']);
      fs.writeFileSync(path.join(dir, 'c.yaml'), 'kind: Canary\nmetadata: {name: b}\nspec: {}\n');
      expect(() => readDocuments([dir])).toThrow(/Canary\/default\/b is in both .*b\.yml and .*c\.yaml/);
      expect(() => readDocuments([path.join(dir, 'missing')])).toThrow('no such file or directory');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('parses selectors and refuses what is not key=value', () => {
    expect(parseSelector('app=shop, tier=db')).toEqual({ app: 'shop', tier: 'db' });
    expect(() => parseSelector('app')).toThrow('"app" is not key=value');
    expect(() => parseSelector('app!=x')).toThrow('not key=value');
  });
});

describe('opsdeck apply: Connection documents', () => {
  const doc = (spec: unknown) =>
    parseDocuments('c.yaml', JSON.stringify({ kind: 'Connection', metadata: { name: 'db' }, spec }))[0]!;

  it('maps a type block with host and database to the URL Mission Control builds', () => {
    expect(
      connectionColumns(
        doc({
          postgres: {
            host: 'db.internal',
            database: 'app',
            username: { value: 'u' },
            password: { value: 'p' },
            insecureTLS: true,
          },
        }),
      ),
    ).toEqual({
      type: 'postgres',
      url: 'postgres://$(username):$(password)@$(properties.host)/$(properties.database)',
      username: 'u',
      password: 'p',
      insecure_tls: true,
      properties: { host: 'db.internal', database: 'app' },
    });
  });

  it('takes the flat form and the CRD block names Opsdeck spells otherwise', () => {
    expect(connectionColumns(doc({ type: 'http', url: 'https://x', properties: { region: 'eu' } }))).toEqual({
      type: 'http',
      url: 'https://x',
      properties: { region: 'eu' },
    });
    expect(connectionColumns(doc({ smtp: { host: 'mail', port: 587 } })).type).toBe('email');
  });

  it('refuses valueFrom and unknown types, saying what to do', () => {
    expect(() =>
      connectionColumns(
        doc({
          http: { url: 'https://x', password: { valueFrom: { secretKeyRef: { name: 's', key: 'k' } } } },
        }),
      ),
    ).toThrow('password.valueFrom reads a Kubernetes secret, which Opsdeck does not');
    expect(() => connectionColumns(doc({ carrierpigeon: { url: 'x' } }))).toThrow(
      'unknown connection type "carrierpigeon"',
    );
    expect(() => connectionColumns(doc({}))).toThrow('spec needs a type');
  });

  it('keeps credentials out of the copy kept for diff', () => {
    const kept = JSON.stringify(
      redactedDocument({
        spec: {
          http: { url: 'https://x', password: { value: 'hunter2' }, bearer: 'tok' },
          connection: 'connection://a/b',
        },
      }),
    );
    expect(kept).not.toContain('hunter2');
    expect(kept).not.toContain('"tok"');
    expect(kept).toContain('https://x');
    expect(kept).toContain('connection://a/b');
  });
});
