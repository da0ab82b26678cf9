import { connectionType, type ConnectionTypeDef } from '@opsdeck/shared';
import { describe, expect, it } from 'vitest';
import { connectionFormSchema } from './formSchema.js';
import { connectionWriteBody, newConnectionForm, storedConnectionForm } from './formState.js';

function def(type: string): ConnectionTypeDef {
  const found = connectionType(type);
  if (!found) throw new Error(`no type ${type}`);
  return found;
}

describe('connection form values', () => {
  it('prefills the catalog defaults and sends them as properties of a new connection', () => {
    const sftp = def('sftp');
    const values = { ...newConnectionForm(sftp), name: ' files ', username: 'u', password: ' p ' };
    values.properties = { ...values.properties, host: 'sftp.internal' };
    expect(connectionWriteBody(sftp, values)).toEqual({
      name: 'files',
      namespace: 'default',
      type: 'sftp',
      username: 'u',
      // Secrets are sent as typed.
      password: ' p ',
      // The private key field left empty: no key.
      certificate: null,
      properties: { host: 'sftp.internal', port: '22' },
    });
  });

  it('clears an optional column of a stored connection with null, and keeps masked secrets', () => {
    const http = def('http');
    const start = storedConnectionForm(http, {
      id: 'c1',
      name: 'api',
      namespace: 'default',
      type: 'http',
      url: 'https://api.internal',
      username: 'bot',
      password: '***',
      insecure_tls: true,
      properties: null,
    });
    expect(start.values).toMatchObject({ url: 'https://api.internal', username: 'bot', password: '' });
    expect([...start.masked]).toEqual(['password']);
    const body = connectionWriteBody(http, { ...start.values, username: '' }, start);
    expect(body).toEqual({ url: 'https://api.internal', username: null, insecure_tls: true, properties: {} });
  });

  it('asks for required fields unless a stored secret covers them, and for numbers in number fields', () => {
    const sftp = def('sftp');
    const values = { ...newConnectionForm(sftp), name: 'files' };
    values.properties = { ...values.properties, port: 'twenty-two' };
    const fresh = connectionFormSchema(sftp, { editing: false, masked: new Set() }).safeParse(values);
    const issues = fresh.success ? [] : fresh.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues).toEqual([
      'properties.host: This field is required',
      'properties.port: This field must be a number',
      'username: This field is required',
    ]);
    const stored = connectionFormSchema(sftp, { editing: true, masked: new Set(['password', 'username']) });
    values.properties = { host: 'sftp.internal', port: '22' };
    expect(stored.safeParse({ ...values, name: '' }).success).toBe(true);
  });
});
