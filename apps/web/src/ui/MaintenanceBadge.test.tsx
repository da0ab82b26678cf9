import { formatDateTime } from '@opsdeck/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MaintenanceBadge } from './MaintenanceBadge.js';

describe('MaintenanceBadge', () => {
  it('says until when the resource is under maintenance, naming the window', () => {
    const ends = '2026-03-07T04:00:00.000Z';
    render(<MaintenanceBadge window={{ name: 'Saturday patching', ends_at: ends }} />);
    expect(screen.getByText(`Maintenance until ${formatDateTime(ends)}`)).toBeInTheDocument();
    expect(screen.getByLabelText(`In maintenance until ${formatDateTime(ends)}`)).toHaveAttribute(
      'title',
      `Maintenance window "Saturday patching" until ${formatDateTime(ends)}`,
    );
  });

  it('shows nothing outside a window', () => {
    const { container } = render(<MaintenanceBadge window={undefined} />);
    expect(container.textContent).toBe('');
  });
});
