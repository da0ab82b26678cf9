import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { JobStatusBadge } from './JobStatusBadge.js';

describe('JobStatusBadge', () => {
  it.each([
    ['RUNNING', 'bg-yellow-100'],
    ['SUCCESS', 'bg-green-100'],
    ['WARNING', 'bg-orange-100'],
    ['FAILED', 'bg-red-100'],
    ['STOPPED', 'bg-red-100'],
    ['SKIPPED', 'bg-subtle'],
  ])('shows %s in its job status colour', (status, colour) => {
    render(<JobStatusBadge status={status} />);
    expect(screen.getByText(status)).toHaveClass(colour);
  });
});
