import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { InviteLinkModal } from './InviteLinkModal.js';

describe('the invite link', () => {
  it("copies the link and says 'Link copied to clipboard'", async () => {
    fakeServer({ '/api/properties': () => [] });
    const user = userEvent.setup();
    const link = 'https://opsdeck.example/recovery?flow=f1&code=123';
    renderWithApp(<InviteLinkModal link={link} onClose={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(link);
  });
});
