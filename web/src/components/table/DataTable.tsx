import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type FilterFn,
  type Row,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';

import { useNarrowScreen } from '../../lib/use-narrow-screen';

import { Pagination } from './Pagination';
import { useKeyboardScroll } from './TableScroll';

export type { ColumnDef } from '@tanstack/react-table';

export interface DataTableProps<T> {
  columns: ColumnDef<T, any>[];
  data: T[];
  /** Rows per page (the spec uses 10 and 20). */
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- the spec's two sizes, named for readers
  pageSize?: 10 | 20 | number;
  /** Column id and direction of the initial sort. */
  initialSort?: { id: string; desc?: boolean };
  /** Text filter over the given row fields (case-insensitive contains). */
  filterText?: string;
  filterFields?: Array<(row: T) => unknown>;
  onRowClick?: (row: T) => void;
  /** Whether a row is clickable (e.g. only Response rows of the audit log). */
  isRowClickable?: (row: T) => boolean;
  emptyText?: ReactNode;
  caption?: string;
  getRowId?: (row: T, index: number) => string;
  /** Pagination above the table as well as below it. */
  paginationTop?: boolean;
  loading?: boolean;
  /** Page sizes the reader may choose from (an "All" choice is added), e.g. [10, 25, 50]. */
  pageSizeOptions?: readonly number[];
  /**
   * On narrow screens the rows show as stacked cards drawn by this, instead of the table
   * (same rows, order and page).
   */
  card?: (row: T) => ReactNode;
}

/** The "All" page size: every row on one page. */
export const ALL_ROWS = Number.MAX_SAFE_INTEGER;

/**
 * The app's table: sortable headers, text filter, fixed page size, pagination above
 * and below. Built on TanStack Table (headless) so every screen looks and behaves alike.
 */
export function DataTable<T>({
  columns,
  data,
  pageSize = 10,
  initialSort,
  filterText = '',
  filterFields,
  onRowClick,
  isRowClickable,
  emptyText = 'No records to show.',
  caption,
  getRowId,
  paginationTop = true,
  loading = false,
  pageSizeOptions,
  card,
}: DataTableProps<T>) {
  const sizeId = useId();
  const narrow = useNarrowScreen();
  const asCards = !!card && narrow;
  const [sorting, setSorting] = useState<SortingState>(initialSort ? [{ id: initialSort.id, desc: !!initialSort.desc }] : []);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });

  const globalFilterFn = useMemo<FilterFn<T>>(
    () => (row: Row<T>, _columnId, value: string) => {
      const needle = String(value).trim().toLowerCase();
      if (!needle) return true;
      const values = filterFields ? filterFields.map((f) => f(row.original)) : row.getAllCells().map((c) => c.getValue());
      return values.some((v) => v !== null && v !== undefined && String(v).toLowerCase().includes(needle));
    },
    [filterFields],
  );

  useEffect(() => setPagination((p) => ({ ...p, pageIndex: 0 })), [filterText]);

  const table = useReactTable({
    data,
    columns,
    state: { sorting, pagination, globalFilter: filterText },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    globalFilterFn,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
    autoResetPageIndex: false,
  });

  const [scroller, scrollerProps] = useKeyboardScroll(caption);
  const pageCount = table.getPageCount();
  const total = table.getFilteredRowModel().rows.length;
  const pager = (
    <Pagination
      page={pagination.pageIndex}
      pageCount={pageCount}
      total={total}
      pageSize={Math.min(pagination.pageSize, Math.max(total, 1))}
      onPage={(p) => table.setPageIndex(p)}
    />
  );
  const sizeChoice = pageSizeOptions && (
    <div className="page-size">
      <label htmlFor={sizeId}>Rows per page</label>
      <select id={sizeId} value={pagination.pageSize} onChange={(e) => setPagination({ pageIndex: 0, pageSize: Number(e.target.value) })}>
        {pageSizeOptions.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
        <option value={ALL_ROWS}>All ({data.length})</option>
      </select>
    </div>
  );

  return (
    <div className={`data-table${asCards ? ' data-table-cards' : ''}`}>
      {/* cards on a phone: the rows come first, the page controls after them */}
      {!asCards && sizeChoice && (
        <div className="data-table-toolbar">
          {sizeChoice}
          {paginationTop && pageCount > 1 && pager}
        </div>
      )}
      {!asCards && !sizeChoice && paginationTop && pageCount > 1 && pager}
      {asCards ? (
        <ul className="data-cards" aria-label={caption}>
          {loading ? (
            <li className="table-empty">Loading…</li>
          ) : table.getRowModel().rows.length === 0 ? (
            <li className="table-empty">{emptyText}</li>
          ) : (
            table.getRowModel().rows.map((row) => <li key={row.id}>{card(row.original)}</li>)
          )}
        </ul>
      ) : (
        <div className="table-scroll" ref={scroller} {...scrollerProps}>
          <table>
            {caption && <caption className="visually-hidden">{caption}</caption>}
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sortable = header.column.getCanSort();
                    const dir = header.column.getIsSorted();
                    return (
                      <th key={header.id} scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}>
                        {header.isPlaceholder ? null : sortable ? (
                          <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            <span aria-hidden="true" className="sort-indicator">
                              {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                            </span>
                          </button>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {loading ? (
                <tr>
                  <td colSpan={columns.length} className="table-empty">
                    Loading…
                  </td>
                </tr>
              ) : table.getRowModel().rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} className="table-empty">
                    {emptyText}
                  </td>
                </tr>
              ) : (
                table.getRowModel().rows.map((row) => {
                  const clickable = !!onRowClick && (isRowClickable ? isRowClickable(row.original) : true);
                  return (
                    <tr
                      key={row.id}
                      className={clickable ? 'clickable' : undefined}
                      onClick={clickable ? () => onRowClick(row.original) : undefined}
                      onKeyDown={
                        clickable
                          ? (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onRowClick(row.original))
                          : undefined
                      }
                      tabIndex={clickable ? 0 : undefined}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                      ))}
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}
      {asCards && sizeChoice ? (
        <div className="data-table-toolbar">
          {sizeChoice}
          {pageCount > 1 && pager}
        </div>
      ) : (
        pageCount > 1 && pager
      )}
    </div>
  );
}
