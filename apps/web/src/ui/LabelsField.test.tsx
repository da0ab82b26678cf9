import { fireEvent, render, screen } from '@testing-library/react';
import { useForm, useWatch } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { LabelsField, labelRows, labelsText } from './LabelsField.js';

type Values = { labels: string };

/** The field in a form of its own; `seen` gets the form's text after every change. */
function Harness({ initial, seen }: { initial: string; seen: (text: string) => void }) {
  const form = useForm<Values>({ defaultValues: { labels: initial } });
  seen(useWatch({ control: form.control, name: 'labels' }));
  return <LabelsField control={form.control} name="labels" />;
}

describe('labels as key/value rows', () => {
  it('shows stored labels as rows and writes the JSON text the form always kept', () => {
    let text = '';
    render(<Harness initial='{"team":"payments","env":"prod"}' seen={(t) => (text = t)} />);
    expect(screen.getByRole('textbox', { name: 'Label 1 key' })).toHaveValue('team');
    expect(screen.getByRole('textbox', { name: 'Label 2 value' })).toHaveValue('prod');

    fireEvent.change(screen.getByRole('textbox', { name: 'Label 2 value' }), {
      target: { value: 'staging' },
    });
    expect(JSON.parse(text)).toEqual({ team: 'payments', env: 'staging' });

    // A new row counts once it has a key.
    fireEvent.click(screen.getByRole('button', { name: 'Add label' }));
    expect(JSON.parse(text)).toEqual({ team: 'payments', env: 'staging' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label 3 key' }), { target: { value: 'tier' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label 3 value' }), { target: { value: '1' } });
    expect(JSON.parse(text)).toEqual({ team: 'payments', env: 'staging', tier: '1' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove label 1' }));
    expect(JSON.parse(text)).toEqual({ env: 'staging', tier: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove label 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove label 1' }));
    expect(text).toBe('');
  });

  it('keeps a stored value the rows cannot show in the JSON editor, untouched', () => {
    render(<Harness initial='{"replicas":3}' seen={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Add label' })).toBeNull();
    expect(screen.getByLabelText('Labels')).toHaveTextContent('{"replicas":3}');
  });

  it('turns rows into the JSON editor when the form is given a value they cannot show', () => {
    function Resettable() {
      const form = useForm<Values>({ defaultValues: { labels: '{"a":"b"}' } });
      return (
        <>
          <LabelsField control={form.control} name="labels" />
          <button type="button" onClick={() => form.reset({ labels: '{"n":1}' })}>
            Reset
          </button>
        </>
      );
    }
    render(<Resettable />);
    expect(screen.getByRole('textbox', { name: 'Label 1 key' })).toHaveValue('a');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByRole('textbox', { name: 'Label 1 key' })).toBeNull();
    expect(screen.getByLabelText('Labels')).toHaveTextContent('{"n":1}');
  });

  it('reads and writes the text', () => {
    expect(labelRows('')).toEqual([]);
    expect(labelRows('[1]')).toBeUndefined();
    expect(labelRows('{broken')).toBeUndefined();
    expect(
      labelsText([
        { key: ' a ', value: 'x' },
        { key: '', value: 'dropped' },
        { key: 'a', value: 'y' },
      ]),
    ).toBe('{"a":"y"}');
  });
});
