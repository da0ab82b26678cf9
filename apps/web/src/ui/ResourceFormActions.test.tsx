import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResourceFormActions } from './ResourceFormActions.js';

const base = {
  resourceName: 'Topology',
  deleteQuestion: 'Delete?',
  deleting: false,
  onDelete: () => undefined,
};

describe('the settings form buttons', () => {
  it("read 'Saving' / 'Updating' while busy, and are disabled then and while the form is invalid", () => {
    const { rerender } = render(<ResourceFormActions {...base} editing={false} saving={false} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    rerender(<ResourceFormActions {...base} editing={false} saving />);
    expect(screen.getByRole('button', { name: 'Saving' })).toBeDisabled();
    rerender(<ResourceFormActions {...base} editing saving />);
    expect(screen.getByRole('button', { name: 'Updating' })).toBeDisabled();
    rerender(<ResourceFormActions {...base} editing saving={false} invalid />);
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
  });
});
