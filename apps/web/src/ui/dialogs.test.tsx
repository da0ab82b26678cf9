import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.js';
import { Modal } from './Modal.js';

describe('Modal', () => {
  it('shows its title and body and closes with the X button and Escape', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button onClick={() => setOpen(true)}>open</button>
          <Modal open={open} onOpenChange={setOpen} title="Details for job Canary">
            body text
          </Modal>
        </>
      );
    }
    render(<Harness />);
    expect(screen.getByRole('dialog', { name: 'Details for job Canary' })).toHaveTextContent('body text');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('confirms or cancels, and shows the busy label while working', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    const { rerender } = render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Delete agent"
        description="Are you sure?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        destructive
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    rerender(
      <ConfirmDialog
        open
        busy
        onOpenChange={onOpenChange}
        title="Delete agent"
        description="Are you sure?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
  });
});
