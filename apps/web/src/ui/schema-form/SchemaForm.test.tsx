import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SchemaForm } from './SchemaForm.js';
import { schemaFields, type SchemaField } from './schemaFields.js';

const FIELDS: SchemaField[] = [
  { name: 'url', kind: 'text', required: true },
  { name: 'port', kind: 'integer', required: false },
  { name: 'insecure', kind: 'boolean', required: false },
  { name: 'method', kind: 'select', required: false, options: ['GET', 'POST'] },
  { name: 'codes', kind: 'numberList', required: false },
];

function Harness({ initial }: { initial: Record<string, unknown> }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <SchemaForm fields={FIELDS} value={value} onChange={setValue} />
      <output>{JSON.stringify(value)}</output>
    </>
  );
}

describe('SchemaForm', () => {
  it('renders one input a field, marks required ones and edits the value', () => {
    render(<Harness initial={{ url: 'https://a', extra: { kept: true } }} />);
    const url = screen.getByRole('textbox', { name: 'URL' });
    expect(url).toHaveValue('https://a');
    expect(url).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: 'Port' })).not.toHaveAttribute('aria-required');

    fireEvent.change(url, { target: { value: 'https://b' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Port' }), { target: { value: '8080' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Insecure' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'HTTP method' }), { target: { value: 'POST' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Codes' }), { target: { value: '200,\n204' } });

    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      url: 'https://b',
      extra: { kept: true },
      port: 8080,
      insecure: true,
      method: 'POST',
      codes: [200, 204],
    });
    // The typed text stays as typed while it means the same value.
    expect(screen.getByRole('textbox', { name: 'Codes' })).toHaveValue('200,\n204');
  });

  it('removes a field that is emptied', () => {
    render(<Harness initial={{ url: 'https://a', port: 1 }} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Port' }), { target: { value: '' } });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ url: 'https://a' });
  });

  it("edits a group's fields inside its object, named after the group, and drops the group emptied", () => {
    const fields: SchemaField[] = [
      {
        name: 'template',
        kind: 'group',
        required: false,
        fields: [
          { name: 'title', kind: 'text', required: false },
          { name: 'severity', kind: 'text', required: false },
        ],
      },
    ];
    function Grouped() {
      const [value, setValue] = useState<Record<string, unknown>>({ template: { severity: 'high' } });
      return (
        <>
          <SchemaForm fields={fields} value={value} onChange={setValue} />
          <output>{JSON.stringify(value)}</output>
        </>
      );
    }
    render(<Grouped />);
    expect(screen.getByRole('group', { name: 'Template' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Template title' }), {
      target: { value: 'DB down' },
    });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      template: { severity: 'high', title: 'DB down' },
    });
    // A group's fields get the values offered for them (people by email, here none asked).
    expect(screen.getByRole('textbox', { name: 'Template title' })).not.toHaveAttribute('list');
    fireEvent.change(screen.getByRole('textbox', { name: 'Template title' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Template severity' }), { target: { value: '' } });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({});
  });

  it("offers a group's field the values given for its name", () => {
    const fields: SchemaField[] = [
      {
        name: 'template',
        kind: 'group',
        required: false,
        fields: [{ name: 'commander_id', kind: 'text', required: false }],
      },
    ];
    render(
      <SchemaForm
        fields={fields}
        value={{}}
        onChange={() => undefined}
        suggestions={{ commander_id: [{ value: 'maya@example.com', label: 'Maya' }] }}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Template commander ID' });
    const list = document.getElementById(input.getAttribute('list') ?? '');
    expect(list?.querySelector('option')).toHaveAttribute('value', 'maya@example.com');
  });

  it('a strict field takes only the offered values, and keeps a stored one the list lacks', () => {
    const fields: SchemaField[] = [{ name: 'commander_id', kind: 'text', required: false }];
    function One() {
      const [value, setValue] = useState<Record<string, unknown>>({ commander_id: 'gone@example.com' });
      return (
        <>
          <SchemaForm
            fields={fields}
            value={value}
            onChange={setValue}
            strict
            suggestions={{ commander_id: [{ value: 'maya@example.com', label: 'Maya' }] }}
          />
          <output>{JSON.stringify(value)}</output>
        </>
      );
    }
    render(<One />);
    const picker = screen.getByRole('combobox', { name: 'Commander ID' });
    expect(screen.queryByRole('textbox', { name: 'Commander ID' })).toBeNull();
    expect(picker).toHaveValue('gone@example.com');
    expect(screen.getByRole('option', { name: 'gone@example.com (not found)' })).toBeInTheDocument();
    fireEvent.change(picker, { target: { value: 'maya@example.com' } });
    expect(screen.getByRole('option', { name: 'Maya (maya@example.com)' })).toBeInTheDocument();
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      commander_id: 'maya@example.com',
    });
    fireEvent.change(picker, { target: { value: '' } });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({});
  });

  it('a strict field with nothing offered (the people could not be read) stays free text', () => {
    const fields: SchemaField[] = [{ name: 'commander_id', kind: 'text', required: false }];
    render(
      <SchemaForm
        fields={fields}
        value={{}}
        onChange={() => undefined}
        strict
        suggestions={{ commander_id: [] }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Commander ID' })).toBeInTheDocument();
  });

  it('a list of objects of kinds: a card each, switching kind drops the old kind, unknown keys stay, an emptied list leaves', () => {
    const fields = schemaFields(
      {
        type: 'object',
        properties: {
          backends: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                file: { type: 'object', properties: { path: { type: 'array', items: { type: 'string' } } } },
                loki: { type: 'object', properties: { query: { type: 'string' } } },
              },
            },
          },
        },
      },
      { lists: { backends: ['file', 'loki'] } },
    );
    function One() {
      const [value, setValue] = useState<Record<string, unknown>>({
        backends: [{ file: { path: ['/var/log/*.log'] }, extra: 1 }],
      });
      return (
        <>
          <SchemaForm fields={fields} value={value} onChange={setValue} />
          <output>{JSON.stringify(value)}</output>
        </>
      );
    }
    render(<One />);
    const out = () => JSON.parse(screen.getByRole('status').textContent ?? '') as unknown;
    expect(screen.getByRole('group', { name: 'Backends 1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Backends 1 path' })).toHaveValue('/var/log/*.log');
    fireEvent.change(screen.getByRole('combobox', { name: 'Backends 1 kind' }), {
      target: { value: 'loki' },
    });
    expect(out()).toEqual({ backends: [{ loki: {}, extra: 1 }] });
    // A query is text of several lines.
    const query = screen.getByRole('textbox', { name: 'Backends 1 query' });
    expect(query.tagName).toBe('TEXTAREA');
    fireEvent.change(query, { target: { value: '{app="nginx"}' } });
    expect(out()).toEqual({ backends: [{ loki: { query: '{app="nginx"}' }, extra: 1 }] });
    fireEvent.click(screen.getByRole('button', { name: 'Add to Backends' }));
    expect(out()).toEqual({ backends: [{ loki: { query: '{app="nginx"}' }, extra: 1 }, { file: {} }] });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Backends 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Backends 1' }));
    expect(out()).toEqual({});
  });

  it('secret-capable values: Static, Secret or ConfigMap; switching clears the previous value', () => {
    const fields: SchemaField[] = [{ name: 'bearer', kind: 'valueSource', required: false }];
    function One() {
      const [value, setValue] = useState<Record<string, unknown>>({ bearer: 'abc' });
      return (
        <>
          <SchemaForm fields={fields} value={value} onChange={setValue} />
          <output>{JSON.stringify(value)}</output>
        </>
      );
    }
    render(<One />);
    const out = () => JSON.parse(screen.getByRole('status').textContent ?? '') as unknown;
    const source = screen.getByRole('combobox', { name: 'Bearer token source' });
    expect(source).toHaveValue('static');
    expect(screen.getByRole('textbox', { name: 'Bearer token' })).toHaveValue('abc');
    fireEvent.change(source, { target: { value: 'secret' } });
    expect(out()).toEqual({ bearer: { valueFrom: { secretKeyRef: { name: '', key: '' } } } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Secret name' }), { target: { value: 'api' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Key' }), { target: { value: 'token' } });
    expect(out()).toEqual({ bearer: { valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } } });
    fireEvent.change(source, { target: { value: 'configmap' } });
    expect(out()).toEqual({ bearer: { valueFrom: { configMapKeyRef: { name: '', key: '' } } } });
    expect(screen.getByRole('textbox', { name: 'ConfigMap name' })).toHaveValue('');
    fireEvent.change(source, { target: { value: 'static' } });
    expect(out()).toEqual({});
    expect(screen.getByRole('textbox', { name: 'Bearer token' })).toHaveValue('');
  });

  it('scripts: None, Go Template, Javascript, Expr, JSONPath; switching clears the text', () => {
    const fields: SchemaField[] = [{ name: 'test', kind: 'script', required: false }];
    function One() {
      const [value, setValue] = useState<Record<string, unknown>>({ test: { expr: 'code == 200' } });
      return (
        <>
          <SchemaForm fields={fields} value={value} onChange={setValue} />
          <output>{JSON.stringify(value)}</output>
        </>
      );
    }
    render(<One />);
    const out = () => JSON.parse(screen.getByRole('status').textContent ?? '') as unknown;
    const kind = screen.getByRole('combobox', { name: 'Test kind' });
    expect([...kind.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'None',
      'Go Template',
      'Javascript',
      'Expr',
      'JSONPath',
    ]);
    expect(kind).toHaveValue('expr');
    expect(screen.getByRole('textbox', { name: 'Test' })).toHaveValue('code == 200');
    fireEvent.change(kind, { target: { value: 'javascript' } });
    expect(out()).toEqual({ test: { javascript: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Test' }), { target: { value: 'code === 200' } });
    expect(out()).toEqual({ test: { javascript: 'code === 200' } });
    fireEvent.change(kind, { target: { value: '' } });
    expect(out()).toEqual({});
    expect(screen.queryByRole('textbox', { name: 'Test' })).toBeNull();
  });

  it('groups username and password under Authentication: None, Basic, NTLM, NTLMv2; switching clears', () => {
    const fields: SchemaField[] = [
      { name: 'url', kind: 'text', required: true },
      { name: 'username', kind: 'valueSource', required: false },
      { name: 'password', kind: 'valueSource', required: false },
      { name: 'ntlm', kind: 'boolean', required: false },
      { name: 'ntlmv2', kind: 'boolean', required: false },
    ];
    function One() {
      const [value, setValue] = useState<Record<string, unknown>>({ url: 'https://a' });
      return (
        <>
          <SchemaForm fields={fields} value={value} onChange={setValue} />
          <output>{JSON.stringify(value)}</output>
        </>
      );
    }
    render(<One />);
    const out = () => JSON.parse(screen.getByRole('status').textContent ?? '') as unknown;
    const auth = screen.getByRole('combobox', { name: 'Authentication' });
    expect(auth).toHaveValue('none');
    expect(screen.queryByRole('textbox', { name: 'Username' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'NTLM' })).toBeNull();
    fireEvent.change(auth, { target: { value: 'basic' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'bot' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Password source' }), {
      target: { value: 'secret' },
    });
    expect(out()).toEqual({
      url: 'https://a',
      username: 'bot',
      password: { valueFrom: { secretKeyRef: { name: '', key: '' } } },
    });
    fireEvent.change(auth, { target: { value: 'ntlmv2' } });
    expect(out()).toEqual({ url: 'https://a', ntlmv2: true });
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('');
    fireEvent.change(auth, { target: { value: 'none' } });
    expect(out()).toEqual({ url: 'https://a' });
  });

  it("numbers: 'This field must be a number', the minimum, and required, on change and on blur", () => {
    const fields: SchemaField[] = [
      { name: 'thresholdMillis', kind: 'integer', required: false, minimum: 0 },
      { name: 'port', kind: 'integer', required: true },
    ];
    function One() {
      const [value, setValue] = useState<Record<string, unknown>>({});
      return <SchemaForm fields={fields} value={value} onChange={setValue} />;
    }
    render(<One />);
    const threshold = screen.getByRole('textbox', { name: 'Response time limit (ms)' });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(threshold, { target: { value: '12a' } });
    expect(screen.getByRole('alert')).toHaveTextContent('This field must be a number');
    fireEvent.change(threshold, { target: { value: '-5' } });
    expect(screen.getByRole('alert')).toHaveTextContent('This field must be at least 0');
    fireEvent.change(threshold, { target: { value: '250' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(screen.getByRole('textbox', { name: 'Port' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This field is required');
  });

  it("labels fields in words, the form's own first, with the description's first sentence as help", () => {
    const fields: SchemaField[] = [
      { name: 'name', kind: 'text', required: false },
      { name: 'thresholdMillis', kind: 'integer', required: false, description: 'Fails when slower. In ms.' },
    ];
    render(
      <SchemaForm fields={fields} value={{}} onChange={() => undefined} labels={{ name: 'Check name' }} />,
    );
    expect(screen.getByRole('textbox', { name: 'Check name' })).toBeInTheDocument();
    const threshold = screen.getByRole('textbox', { name: 'Response time limit (ms)' });
    expect(threshold).toHaveAccessibleDescription('Fails when slower');
    expect(screen.getByText('Fails when slower')).toBeVisible();
  });

  it('edits a list of named values (headers) a row each, the value static or a secret reference', () => {
    const fields: SchemaField[] = [{ name: 'headers', kind: 'namedValues', required: false }];
    function Harness() {
      const [value, setValue] = useState<Record<string, unknown>>({
        headers: [{ name: 'Accept', value: 'application/json' }],
      });
      return (
        <>
          <SchemaForm fields={fields} value={value} onChange={setValue} />
          <output>{JSON.stringify(value)}</output>
        </>
      );
    }
    render(<Harness />);
    const out = () => JSON.parse(screen.getByRole('status').textContent ?? '') as unknown;
    expect(screen.getByRole('textbox', { name: 'Headers 1 name' })).toHaveValue('Accept');
    expect(screen.getByRole('textbox', { name: 'Headers 1 value' })).toHaveValue('application/json');

    fireEvent.click(screen.getByRole('button', { name: 'Add to Headers' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Headers 2 name' }), {
      target: { value: 'Authorization' },
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Headers 2 value source' }), {
      target: { value: 'secret' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Secret name' }), { target: { value: 'api' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Key' }), { target: { value: 'token' } });
    expect(out()).toEqual({
      headers: [
        { name: 'Accept', value: 'application/json' },
        { name: 'Authorization', valueFrom: { secretKeyRef: { name: 'api', key: 'token' } } },
      ],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove Headers 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Headers 1' }));
    expect(out()).toEqual({});
  });

  it("shows the required and basic fields first and folds the rest under 'More settings', open when one holds a value", () => {
    const fields: SchemaField[] = [
      { name: 'url', kind: 'text', required: true },
      { name: 'method', kind: 'select', required: false, options: ['GET'] },
      { name: 'maxSSLExpiry', kind: 'integer', required: false },
    ];
    const { rerender } = render(
      <SchemaForm fields={fields} value={{}} onChange={() => undefined} basic={['method']} />,
    );
    const folded = screen.getByRole('textbox', { name: /certificate expires/ }).closest('details');
    expect(folded).toHaveTextContent('More settings (1)');
    expect(folded?.open).toBe(false);
    expect(screen.getByRole('combobox', { name: 'HTTP method' }).closest('details')).toBeNull();
    rerender(
      <SchemaForm
        fields={fields}
        value={{ maxSSLExpiry: 7 }}
        onChange={() => undefined}
        basic={['method']}
      />,
    );
    expect(screen.getByRole('textbox', { name: /certificate expires/ }).closest('details')?.open).toBe(true);
  });
});
