import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UiNode } from '../api/flows.js';
import { FlowForm } from './FlowForm.js';

const text = (name: string, value: string, label: string): UiNode => ({
  type: 'text',
  group: 'totp',
  attributes: { name, type: 'text', text: { text: value, type: 'info' } },
  messages: [],
  meta: { label: { text: label, type: 'info' } },
});

describe('TOTP enrolment', () => {
  it('shows a QR spot for the otpauth URL, with the URL and the secret as text', () => {
    const url = 'otpauth://totp/Opsdeck:ann@example.com?secret=ABC&issuer=Opsdeck';
    render(
      <FlowForm
        nodes={[text('totp_url', url, 'Authenticator URL'), text('totp_secret_key', 'ABC', 'Secret')]}
        onSubmit={() => undefined}
      />,
    );
    expect(screen.getAllByTestId('otp-qr')).toHaveLength(1);
    expect(screen.getByTestId('otp-qr')).toHaveAttribute('href', url);
    expect(screen.getByText(url)).toBeInTheDocument();
    expect(screen.getByText('ABC')).toBeInTheDocument();
  });
});
