import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SchemaForm } from './SchemaForm.js';
import type { SchemaField } from './schemaFields.js';

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
    const url = screen.getByRole('textbox', { name: 'url' });
    expect(url).toHaveValue('https://a');
    expect(url).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('spinbutton', { name: 'port' })).not.toHaveAttribute('aria-required');

    fireEvent.change(url, { target: { value: 'https://b' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'port' }), { target: { value: '8080' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'insecure' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'method' }), { target: { value: 'POST' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'codes' }), { target: { value: '200,\n204' } });

    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({
      url: 'https://b',
      extra: { kept: true },
      port: 8080,
      insecure: true,
      method: 'POST',
      codes: [200, 204],
    });
    // The typed text stays as typed while it means the same value.
    expect(screen.getByRole('textbox', { name: 'codes' })).toHaveValue('200,\n204');
  });

  it('removes a field that is emptied', () => {
    render(<Harness initial={{ url: 'https://a', port: 1 }} />);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'port' }), { target: { value: '' } });
    expect(JSON.parse(screen.getByRole('status').textContent ?? '')).toEqual({ url: 'https://a' });
  });
});
