import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DurationInput, splitDuration } from './DurationInput.js';

function Harness({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DurationInput label="Timeout" value={value} onChange={setValue} />
      <output>{value}</output>
    </>
  );
}

describe('a duration as an amount and a unit', () => {
  it('splits what one amount and unit can say, and nothing else', () => {
    expect(splitDuration('90m')).toEqual({ amount: '90', unit: 'm' });
    expect(splitDuration('1.5h')).toEqual({ amount: '1.5', unit: 'h' });
    expect(splitDuration('1h30m')).toBeUndefined();
    expect(splitDuration('500ms')).toBeUndefined();
  });

  it('writes the amount in the chosen unit, keeps the unit while the amount is cleared', () => {
    render(<Harness initial="" />);
    const amount = screen.getByRole('textbox', { name: 'Timeout amount' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Timeout unit' }), { target: { value: 'h' } });
    fireEvent.change(amount, { target: { value: '2' } });
    expect(screen.getByRole('status')).toHaveTextContent('2h');
    fireEvent.change(screen.getByRole('combobox', { name: 'Timeout unit' }), { target: { value: 'd' } });
    expect(screen.getByRole('status')).toHaveTextContent('2d');
    fireEvent.change(amount, { target: { value: '' } });
    expect(screen.getByRole('status')).toHaveTextContent('');
    fireEvent.change(amount, { target: { value: '3x' } });
    expect(screen.getByRole('status')).toHaveTextContent('3d');
  });

  it('shows a value it cannot split as its text, editable as it is', () => {
    render(<Harness initial="1h30m" />);
    const text = screen.getByRole('textbox', { name: 'Timeout' });
    expect(text).toHaveValue('1h30m');
    fireEvent.change(text, { target: { value: '45m' } });
    expect(screen.getByRole('textbox', { name: 'Timeout amount' })).toHaveValue('45');
  });
});
