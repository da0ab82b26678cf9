export { DataTable, EMPTY_TEXT, OVERSCAN, ROW_ESTIMATE, type DataTableProps } from './DataTable.js';
export { columnHelper, type DataTableColumns } from './features.js';
export { PAGE_SIZES, DEFAULT_PAGE_SIZE, useTableUrlState, tableParamKeys } from './tableUrlState.js';
export { useInfiniteRows } from './useInfiniteRows.js';
