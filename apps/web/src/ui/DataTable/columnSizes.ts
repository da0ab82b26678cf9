import type { ColumnSizingState } from '@tanstack/react-table';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { readStored, writeStored } from '../../lib/storage.js';

/** Column widths are saved this long after the last change. */
export const COLUMN_SIZE_SAVE_DEBOUNCE_MS = 500;

export function columnSizesKey(tableId: string): string {
  return `opsdeck.table.${tableId}.columnSizes`;
}

/** Column widths of one table, remembered in localStorage. */
export function useColumnSizes(tableId: string): [ColumnSizingState, (next: ColumnSizingState) => void] {
  const key = columnSizesKey(tableId);
  const [sizes, setSizes] = useState<ColumnSizingState>(() =>
    readStored(key, z.record(z.string(), z.number()), {}),
  );
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const t = setTimeout(() => writeStored(key, sizes), COLUMN_SIZE_SAVE_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [key, sizes]);
  return [sizes, setSizes];
}
