import { canaryJsonSchema } from '@opsdeck/shared';
import { describe, expect, it } from 'vitest';
import {
  fieldText,
  fieldValue,
  itemSchema,
  schemaFields,
  withField,
  type SchemaField,
} from './schemaFields.js';

describe('schemaFields', () => {
  it('maps simple properties to inputs, required first, and leaves complex ones out', () => {
    const fields = schemaFields({
      type: 'object',
      required: ['host'],
      properties: {
        note: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'integer' },
        ratio: { type: 'number' },
        tls: { type: 'boolean' },
        mode: { type: 'string', enum: ['a', 'b'] },
        tags: { type: 'array', items: { type: 'string' } },
        codes: { type: 'array', items: { type: 'integer' } },
        nested: { type: 'object', properties: {} },
        either: {},
        objects: { type: 'array', items: { type: 'object' } },
      },
    });
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['host', 'text', true],
      ['note', 'text', false],
      ['port', 'integer', false],
      ['ratio', 'number', false],
      ['tls', 'boolean', false],
      ['mode', 'select', false],
      ['tags', 'list', false],
      ['codes', 'numberList', false],
    ]);
    expect(fields.find((f) => f.name === 'mode')?.options).toEqual(['a', 'b']);
  });

  it('reads a check type from the canary JSON Schema', () => {
    const root = canaryJsonSchema();
    const http = schemaFields(itemSchema(root, 'http') ?? {});
    const byName = new Map(http.map((f) => [f.name, f]));
    expect(byName.get('url')?.kind).toBe('text');
    expect(byName.get('method')?.kind).toBe('select');
    // Headers are `{name, value | valueFrom}`: rows, not YAML only (issue 36).
    expect(byName.get('headers')?.kind).toBe('namedValues');
    expect(byName.get('responseCodes')).toMatchObject({
      kind: 'numberList',
      options: ['200', '201', '202', '204', '301', '302', '401', '404', '500', '502', '503'],
    });
    expect(byName.get('thresholdMillis')?.kind).toBe('integer');
    // Secret-capable values and expressions get their own inputs.
    expect(byName.get('username')?.kind).toBe('valueSource');
    expect(byName.get('password')?.kind).toBe('valueSource');
    expect(byName.get('bearer')?.kind).toBe('valueSource');
    expect(byName.get('test')?.kind).toBe('script');
    expect(byName.get('display')?.kind).toBe('script');
    // Objects, unions and lists of other objects stay in the Code view.
    expect(byName.has('timeout')).toBe(false);
    const tcp = schemaFields(itemSchema(root, 'tcp') ?? {});
    expect(tcp[0]).toMatchObject({ name: 'endpoint', required: true });
    expect(itemSchema(root, 'nope')).toBeUndefined();
  });

  it('converts between input text and values', () => {
    const f = (kind: SchemaField['kind']): SchemaField => ({ name: 'x', kind, required: false });
    expect(fieldValue(f('list'), 'a, b\nc\n')).toEqual(['a', 'b', 'c']);
    expect(fieldText(f('list'), ['a', 'b'])).toBe('a\nb');
    expect(fieldValue(f('numberList'), '200, 204')).toEqual([200, 204]);
    expect(fieldValue(f('integer'), '')).toBeUndefined();
    expect(fieldValue(f('integer'), '42')).toBe(42);
    expect(fieldValue(f('text'), '')).toBeUndefined();
    expect(fieldValue(f('boolean'), 'true')).toBe(true);
    expect(withField({ a: 1, b: 2 }, 'a', undefined)).toEqual({ b: 2 });
    expect(withField({ a: 1 }, 'b', 'x')).toEqual({ a: 1, b: 'x' });
  });

  it('with groups, an object of fields it can edit is a group of them (any depth); one of nothing is left out', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        template: {
          type: 'object',
          properties: {
            title: { type: 'string' },
            note: { type: 'object', properties: { text: { type: 'string' } } },
          },
        },
        filter: { type: 'object', properties: { status: { type: 'array', items: { type: 'string' } } } },
        empty: { type: 'object', properties: { anything: {} } },
      },
    };
    expect(schemaFields(schema).map((f) => f.name)).toEqual(['name']);
    const fields = schemaFields(schema, { groups: true });
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['name', 'text'],
      ['template', 'group'],
      ['filter', 'group'],
    ]);
    const template = fields.find((f) => f.name === 'template');
    expect(template?.fields?.map((f) => [f.name, f.kind])).toEqual([
      ['title', 'text'],
      ['note', 'group'],
    ]);
    expect(fields.find((f) => f.name === 'filter')?.fields?.[0]).toMatchObject({
      name: 'status',
      kind: 'list',
    });
  });
});
