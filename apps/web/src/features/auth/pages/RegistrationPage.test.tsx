import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, json } from '../../../test/fakeServer.js';
import { renderWithApp } from '../../../test/render.js';
import { RegistrationPage } from './RegistrationPage.js';

describe('the registration page while registration is closed', () => {
  it("shows the server's reason instead of loading forever", async () => {
    fakeServer({
      '/api/auth/self-service/registration/browser': () =>
        json(
          { error: { id: 'self_service_flow_disabled', message: 'Registration is disabled' } },
          { status: 400 },
        ),
    });
    renderWithApp(<RegistrationPage />, { url: '/registration' });
    expect(await screen.findByText('Registration is disabled')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
