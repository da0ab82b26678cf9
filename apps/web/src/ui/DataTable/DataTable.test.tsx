import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeLayout } from '../../test/layout.js';
import { renderWithApp } from '../../test/render.js';
import { columnSizesKey, COLUMN_SIZE_SAVE_DEBOUNCE_MS } from './columnSizes.js';
import { DataTable } from './DataTable.js';
import { columnHelper } from './features.js';
import { PAGE_SIZES } from './tableUrlState.js';

type Row = { id: string; name: string; team: string; count: number };
const col = columnHelper<Row>();
const columns = col.columns([
  col.accessor('name', { header: 'Name' }),
  col.accessor('team', { header: 'Team' }),
  col.accessor('count', { header: 'Count' }),
]);
const rows: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: String(i),
  name: `item-${String(i).padStart(2, '0')}`,
  team: i % 2 ? 'odd' : 'even',
  count: 100 - i,
}));

function bodyNames(): string[] {
  const body = screen.getAllByRole('rowgroup')[1];
  if (!body) return [];
  return within(body)
    .getAllByRole('row')
    .map((r) => within(r).queryAllByRole('cell')[0]?.textContent ?? '');
}

describe('DataTable', () => {
  it("shows 'No data available' without rows", () => {
    renderWithApp(<DataTable id="t" columns={columns} data={[]} />);
    expect(screen.getByText('No data available')).toBeInTheDocument();
  });

  it('pins the first column (header and cells) so it stays in view while the table scrolls sideways', () => {
    renderWithApp(<DataTable id="t" columns={columns} data={rows} />);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveClass('sticky', 'left-0');
    expect(screen.getByRole('columnheader', { name: /Team/ })).not.toHaveClass('sticky');
    expect(screen.getByRole('cell', { name: 'item-00' })).toHaveClass('sticky', 'left-0', 'bg-surface');
    expect(screen.getAllByRole('cell', { name: 'even' })[0]).not.toHaveClass('sticky');
  });

  it('pages through rows with Previous, Next, go to page and page sizes, keeping the state in the URL', async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(
      <DataTable id="t" urlPrefix="t_" columns={columns} data={rows} defaults={{ pageSize: 5 }} />,
    );
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: '<< Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next >>' }));
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 2 of 3');
    expect(bodyNames()[0]).toBe('item-05');
    expect(location().searchParams.get('t_pageIndex')).toBe('1');

    await user.type(screen.getByLabelText('Go to page'), '3{Enter}');
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next >>' })).toBeDisabled();

    const sizes = within(screen.getByLabelText('Page size'))
      .getAllByRole('option')
      .map((o) => Number(o.textContent));
    expect(sizes).toEqual([...PAGE_SIZES]);
    await user.selectOptions(screen.getByLabelText('Page size'), '25');
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 1 of 1');
    expect(location().searchParams.get('t_pageSize')).toBe('25');
  });

  it('sorts on the client when a header is clicked, and writes the sort to the URL', async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(
      <DataTable id="t" columns={columns} data={rows} defaults={{ pageSize: 25 }} />,
    );
    // Numbers sort descending first, text ascending first.
    await user.click(screen.getByRole('button', { name: /Count/ }));
    expect(location().searchParams.get('sortBy')).toBe('count');
    expect(location().searchParams.get('sortOrder')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Count/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /Count/ }));
    expect(bodyNames()[0]).toBe('item-11');
    expect(location().searchParams.get('sortOrder')).toBe('asc');
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(bodyNames()[0]).toBe('item-00');
    expect(location().searchParams.get('sortBy')).toBe('name');
  });

  it('restores page and sort from the URL', () => {
    renderWithApp(<DataTable id="t" columns={columns} data={rows} defaults={{ pageSize: 5 }} />, {
      url: '/?pageIndex=1&sortBy=count&sortOrder=asc',
    });
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 2 of 3');
    expect(bodyNames()[0]).toBe('item-06');
  });

  it('leaves sorting and paging to the server in manual mode', async () => {
    const user = userEvent.setup();
    const { location } = renderWithApp(
      <DataTable
        id="t"
        columns={columns}
        data={rows.slice(0, 5)}
        manual
        totalEntries={42}
        defaults={{ pageSize: 5 }}
      />,
    );
    expect(screen.getByTestId('page-status')).toHaveTextContent('Page 1 of 9');
    expect(screen.getByText('42 total')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Name/ }));
    // The rows stay in the server's order; only the URL (and so the query) changes.
    expect(bodyNames()[0]).toBe('item-00');
    expect(location().searchParams.get('sortBy')).toBe('name');
  });

  it('groups rows with a count per group', () => {
    renderWithApp(<DataTable id="t" columns={columns} data={rows} groupBy={['team']} pagination={false} />);
    const groupButtons = screen.getAllByRole('button', { expanded: true });
    expect(groupButtons.map((b) => b.textContent)).toEqual(['even6', 'odd6']);
    fireEvent.click(groupButtons[0] as HTMLElement);
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(1);
  });

  it('saves resized column widths to localStorage after 500 ms', async () => {
    vi.useFakeTimers();
    try {
      renderWithApp(<DataTable id="sized" columns={columns} data={rows} />);
      const handle = screen.getAllByRole('separator', { name: 'Resize column' })[0] as HTMLElement;
      fireEvent.mouseDown(handle, { clientX: 100 });
      fireEvent.mouseMove(document, { clientX: 180 });
      fireEvent.mouseUp(document, { clientX: 180 });
      expect(window.localStorage.getItem(columnSizesKey('sized'))).toBeNull();
      await act(async () => {
        vi.advanceTimersByTime(COLUMN_SIZE_SAVE_DEBOUNCE_MS + 10);
      });
      const saved = JSON.parse(window.localStorage.getItem(columnSizesKey('sized')) ?? '{}') as Record<
        string,
        number
      >;
      expect(saved.name).toBe(240);
    } finally {
      vi.useRealTimers();
    }
  });

  it('doubles the page size when the end of a virtual list is reached', async () => {
    const many: Row[] = Array.from({ length: 200 }, (_, i) => ({
      id: String(i),
      name: `n${i}`,
      team: 't',
      count: i,
    }));
    const { location } = renderWithApp(
      <DataTable id="v" columns={columns} data={many} virtual defaults={{ pageSize: 5 }} />,
    );
    await waitFor(() => expect(Number(location().searchParams.get('pageSize'))).toBeGreaterThanOrEqual(10));
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('infinite mode: loads the next page 300 px before the end, shows it loading, and no pagination bar', () => {
    // 50 rows of 45 px in a 600 px box.
    fakeLayout({ row: 45, box: 600, content: 50 * 45 });
    const onLoadMore = vi.fn();
    const many: Row[] = Array.from({ length: 50 }, (_, i) => ({
      id: String(i),
      name: `n${i}`,
      team: 't',
      count: i,
    }));
    function Infinite() {
      const [loadingMore, setLoadingMore] = useState(false);
      return (
        <DataTable
          id="inf"
          columns={columns}
          data={many}
          manual
          infinite={{
            hasMore: true,
            loadingMore,
            onLoadMore: () => {
              onLoadMore();
              setLoadingMore(true);
            },
          }}
        />
      );
    }
    try {
      renderWithApp(<Infinite />);
      const box = screen.getByRole('region', { name: 'Table' });
      expect(onLoadMore).not.toHaveBeenCalled();
      box.scrollTop = 1000;
      fireEvent.scroll(box);
      expect(onLoadMore).not.toHaveBeenCalled();
      expect(screen.queryByRole('status')).toBeNull();
      box.scrollTop = 50 * 45 - 600 - 300;
      fireEvent.scroll(box);
      expect(onLoadMore).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('status')).toHaveTextContent('Loading more…');
      // Not asked again while the page loads.
      fireEvent.scroll(box);
      expect(onLoadMore).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
      // Server-sorted (manual): a header sorts, the page asking the server again.
      expect(
        within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'),
      ).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('names every header in a tooltip, and gives a cut-off cell its full text on hover', () => {
    renderWithApp(<DataTable id="tip" columns={columns} data={rows.slice(0, 2)} />);
    expect(screen.getByRole('columnheader', { name: /Team/ })).toHaveAttribute('title', 'Team');

    const [clipped, fitting] = screen.getAllByRole('cell').filter((c) => c.textContent?.startsWith('item-'));
    if (!clipped || !fitting) throw new Error('cells missing');
    // jsdom lays nothing out: the first cell pretends its text is wider than the cell.
    Object.defineProperty(clipped, 'scrollWidth', { value: 200 });
    Object.defineProperty(clipped, 'clientWidth', { value: 100 });
    fireEvent.mouseEnter(clipped);
    fireEvent.mouseEnter(fitting);
    expect(clipped).toHaveAttribute('title', 'item-00');
    expect(fitting).not.toHaveAttribute('title');
  });
});
