import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLayout } from '../../../test/layout.js';
import { renderWithApp } from '../../../test/render.js';
import { columnSizesKey } from '../../../ui/DataTable/columnSizes.js';
import { OVERSCAN } from '../../../ui/DataTable/index.js';
import { LOG_ROW_ESTIMATE, LogsTable } from './LogsTable.js';

const lines = Array.from({ length: 300 }, (_, i) => ({
  timestamp: new Date(Date.UTC(2026, 10, 1, 10, 0, i)).toISOString(),
  message: `line ${i}`,
  labels: { app: 'web' },
}));

describe('the log table', () => {
  // A 600 px scroll box, rows as high as the estimate.
  beforeEach(() => fakeLayout({ row: LOG_ROW_ESTIMATE, box: 600 }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('draws only the rows in view plus the overscan (estimate 62 px, overscan 10)', () => {
    expect(LOG_ROW_ESTIMATE).toBe(62);
    expect(OVERSCAN).toBe(10);
    renderWithApp(<LogsTable lines={lines} loading={false} emptyText="none" />);
    const drawn = screen.getAllByRole('row').length - 1;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(Math.ceil(600 / LOG_ROW_ESTIMATE) + 2 * OVERSCAN + 2);
  });

  it('saves resized column widths under opsdeck.table.logs 500 ms after the change', async () => {
    vi.useFakeTimers();
    renderWithApp(<LogsTable lines={lines.slice(0, 3)} loading={false} emptyText="none" />);
    const handle = screen.getAllByRole('separator', { name: 'Resize column' })[0] as HTMLElement;
    fireEvent.mouseDown(handle, { clientX: 100 });
    fireEvent.mouseMove(document, { clientX: 180 });
    fireEvent.mouseUp(document, { clientX: 180 });
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(window.localStorage.getItem(columnSizesKey('logs'))).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    const saved = JSON.parse(window.localStorage.getItem(columnSizesKey('logs')) ?? '{}') as Record<
      string,
      number
    >;
    expect(saved.timestamp).toBe(270);
  });
});
