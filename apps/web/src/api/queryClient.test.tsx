import { render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { createQueryClient, TOAST_MS } from './queryClient.js';

describe('query error toasts', () => {
  it('toasts a failed query for 5 seconds; silent queries toast only connection problems', async () => {
    expect(TOAST_MS).toBe(5000);
    render(<Toaster />);
    const client = createQueryClient();
    await client
      .fetchQuery({
        queryKey: ['a'],
        queryFn: () => Promise.reject(new HttpError('bad filter', 400)),
        retry: false,
      })
      .catch(() => undefined);
    expect(await screen.findByText('bad filter')).toBeInTheDocument();
    await client
      .fetchQuery({
        queryKey: ['b'],
        queryFn: () => Promise.reject(new HttpError('quiet', 400)),
        retry: false,
        meta: { silent: true },
      })
      .catch(() => undefined);
    await client
      .fetchQuery({
        queryKey: ['c'],
        queryFn: () => Promise.reject(new HttpError('Network Error. Please try again.', 0)),
        retry: false,
        meta: { silent: true },
      })
      .catch(() => undefined);
    expect(await screen.findByText('Network Error. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText('quiet')).toBeNull();
  });
});
