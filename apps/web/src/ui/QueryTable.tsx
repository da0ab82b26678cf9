import type { UseQueryResult } from '@tanstack/react-query';
import type { RowData } from '@tanstack/react-table';
import { DataTable, type DataTableProps } from './DataTable/DataTable.js';
import { ErrorView } from './ErrorView.js';

type QueryTableProps<T extends RowData> = Omit<DataTableProps<T>, 'data' | 'loading'> & {
  query: UseQueryResult<T[]>;
};

/** A table of one query's rows; when the query fails, its error (with Retry) takes the table's place. */
export function QueryTable<T extends RowData>({ query, ...table }: QueryTableProps<T>) {
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} />;
  return <DataTable {...table} data={query.data ?? []} loading={query.isPending} />;
}
