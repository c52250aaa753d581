export interface PaginationProps {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  onPage(page: number): void;
}

/** Numbered pages with first/previous/next/last; a window of five numbers around the current page (three on a phone). */
export function Pagination({ page, pageCount, total, pageSize, onPage }: PaginationProps) {
  const start = Math.max(0, Math.min(page - 2, pageCount - 5));
  const numbers = Array.from({ length: Math.min(5, pageCount) }, (_, i) => start + i);
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="pagination" aria-label="Pagination">
      <span className="pagination-summary">
        {from}–{to} of {total}
      </span>
      <button type="button" onClick={() => onPage(0)} disabled={page === 0} aria-label="First page">
        «
      </button>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page === 0} aria-label="Previous page">
        ‹
      </button>
      {numbers.map((n) => (
        <button
          key={n}
          type="button"
          onClick={() => onPage(n)}
          aria-current={n === page ? 'page' : undefined}
          // a phone shows the current page and its neighbours: the controls keep one line
          className={n === page ? 'active' : Math.abs(n - page) > 1 ? 'page-far' : undefined}
        >
          {n + 1}
        </button>
      ))}
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pageCount - 1} aria-label="Next page">
        ›
      </button>
      <button type="button" onClick={() => onPage(pageCount - 1)} disabled={page >= pageCount - 1} aria-label="Last page">
        »
      </button>
    </nav>
  );
}
