import {
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
import { useEffect, useId, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';

import { useNarrowScreen } from '../../lib/use-narrow-screen';

import { Pagination } from './Pagination';
import { useKeyboardScroll } from './TableScroll';

export type { ColumnDef } from '@tanstack/react-table';

/**
 * A column's header or cell, drawn by calling it rather than mounting it as a component as
 * TanStack's flexRender does with any function. Pages build their columns inline on every
 * render; as components, each render's new functions would be new component types, and React
 * would remount every cell whenever the page's data or state changed: an opened row menu or a
 * status dialog's question closed under the person's hand as the page's lists arrived. (A cell
 * holds no hooks of its own, which the hooks lint rule enforces; it renders components that do.)
 */
function drawn<Context extends object>(part: unknown, context: Context): ReactNode {
  return typeof part === 'function' ? (part as (c: Context) => ReactNode)(context) : ((part as ReactNode) ?? null);
}

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
   * (same rows, order and page). Without it, a table too wide for a phone shows each row as
   * a card of its columns' names and values.
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

  const [scroller, scrollerProps, overflows] = useKeyboardScroll(caption);
  // a table wider than the phone becomes cards of its columns (and stays so while the screen is narrow): nothing scrolls sideways
  const [stacked, setStacked] = useState(false);
  useLayoutEffect(() => {
    if (!narrow) setStacked(false);
    else if (overflows && !card) setStacked(true);
  }, [narrow, overflows, card]);
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

  const sortable = table.getAllLeafColumns().filter((c) => c.getCanSort());
  const headerText = (id: string) => {
    const header = table.getColumn(id)?.columnDef.header;
    return typeof header === 'string' ? header : id;
  };
  const sortChoice = stacked && sortable.length > 0 && (
    <div className="page-size">
      <label htmlFor={`${sizeId}-sort`}>Sort by</label>
      <select
        id={`${sizeId}-sort`}
        value={sorting[0] ? `${sorting[0].id}:${sorting[0].desc ? 'desc' : 'asc'}` : ''}
        onChange={(e) => {
          const [id, dir] = e.target.value.split(':');
          setSorting(id ? [{ id, desc: dir === 'desc' }] : []);
        }}
      >
        {!sorting[0] && <option value="">As listed</option>}
        {sortable.flatMap((c) => [
          <option key={`${c.id}:asc`} value={`${c.id}:asc`}>
            {headerText(c.id)} ▲
          </option>,
          <option key={`${c.id}:desc`} value={`${c.id}:desc`}>
            {headerText(c.id)} ▼
          </option>,
        ])}
      </select>
    </div>
  );
  const stackedRows = (
    <ul className="data-cards data-cards-stacked" aria-label={caption}>
      {loading ? (
        <li className="table-empty">Loading…</li>
      ) : table.getRowModel().rows.length === 0 ? (
        <li className="table-empty">{emptyText}</li>
      ) : (
        table.getRowModel().rows.map((row) => {
          const clickable = !!onRowClick && (isRowClickable ? isRowClickable(row.original) : true);
          return (
            <li
              key={row.id}
              className={clickable ? 'clickable' : undefined}
              onClick={clickable ? () => onRowClick(row.original) : undefined}
              onKeyDown={
                clickable ? (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), onRowClick(row.original)) : undefined
              }
              tabIndex={clickable ? 0 : undefined}
            >
              <dl className="data-card">
                {row.getVisibleCells().map((cell) => (
                  <div key={cell.id}>
                    <dt>
                      {drawn(
                        cell.column.columnDef.header,
                        table
                          .getFlatHeaders()
                          .find((h) => h.column.id === cell.column.id)!
                          .getContext(),
                      )}
                    </dt>
                    <dd>{drawn(cell.column.columnDef.cell, cell.getContext())}</dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })
      )}
    </ul>
  );

  if (stacked) {
    return (
      <div className="data-table data-table-cards">
        {stackedRows}
        <div className="data-table-toolbar">
          {sortChoice}
          {sizeChoice}
          {pageCount > 1 && pager}
        </div>
      </div>
    );
  }

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
                            {drawn(header.column.columnDef.header, header.getContext())}
                            <span aria-hidden="true" className="sort-indicator">
                              {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                            </span>
                          </button>
                        ) : (
                          drawn(header.column.columnDef.header, header.getContext())
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
                        <td key={cell.id}>{drawn(cell.column.columnDef.cell, cell.getContext())}</td>
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
