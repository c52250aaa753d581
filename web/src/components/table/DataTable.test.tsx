import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';

import { DataTable, type ColumnDef } from './DataTable';

interface Row {
  name: string;
  score: number;
}
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ name: `Country ${String(i + 1).padStart(2, '0')}`, score: (i * 7) % 100 }));
const columns: ColumnDef<Row, any>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'score', header: 'Score' },
];
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row');

describe('DataTable', () => {
  it('shows 10 rows per page with pagination above and below', () => {
    render(<DataTable columns={columns} data={rows} pageSize={10} initialSort={{ id: 'name' }} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getAllByRole('navigation', { name: 'Pagination' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Last page' })[0]);
    expect(bodyRows()).toHaveLength(5);
    expect(bodyRows()[0].textContent).toContain('Country 21');
  });

  it('sorts by a column when its header is clicked, then reverses', () => {
    render(<DataTable columns={columns} data={rows} pageSize={20} />);
    const header = () => screen.getByRole('columnheader', { name: /Score/ });
    const first = () => bodyRows()[0].textContent;
    fireEvent.click(screen.getByRole('button', { name: /Score/ }));
    const firstDirection = header().getAttribute('aria-sort');
    const firstTop = first();
    fireEvent.click(screen.getByRole('button', { name: /Score/ }));
    expect(header().getAttribute('aria-sort')).toBe(firstDirection === 'ascending' ? 'descending' : 'ascending');
    expect(first()).not.toBe(firstTop);
  });

  it('filters on the text and says when nothing matches', () => {
    const { rerender } = render(<DataTable columns={columns} data={rows} filterText="country 07" />);
    expect(bodyRows()).toHaveLength(1);
    rerender(<DataTable columns={columns} data={rows} filterText="atlantis" emptyText="Nothing here." />);
    expect(screen.getByText('Nothing here.')).toBeTruthy();
  });

  it('lets the reader choose the page size, All included', () => {
    render(<DataTable columns={columns} data={rows} pageSize={10} pageSizeOptions={[10, 25]} initialSort={{ id: 'name' }} />);
    expect(bodyRows()).toHaveLength(10);
    const choice = screen.getByLabelText('Rows per page');
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', 'All (25)']);
    fireEvent.change(choice, { target: { value: within(choice).getByText('All (25)').getAttribute('value') } });
    expect(bodyRows()).toHaveLength(25);
    // one page: no pagination buttons, the choice stays to go back
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    expect(screen.getByLabelText('Rows per page')).toBeTruthy();
  });

  it('draws the same page of rows as cards, instead of the table, on narrow screens', () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
    render(
      <DataTable
        columns={columns}
        data={rows}
        pageSize={10}
        initialSort={{ id: 'name' }}
        caption="Countries"
        card={(r) => <b>{r.name}</b>}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Countries' })).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    expect(cards[0].textContent).toBe('Country 01');
    expect(screen.queryByRole('table')).toBeNull();
    window.matchMedia = matchMedia;
  });

  it('becomes cards on a phone in the same frame in which its rows made it wider than the screen', () => {
    const matchMedia = window.matchMedia;
    const Observer = window.ResizeObserver;
    window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as never;
    const resized: Array<() => void> = [];
    window.ResizeObserver = class {
      constructor(callback: () => void) {
        resized.push(callback);
      }
      observe() {}
      disconnect() {}
    } as never;
    let width = 300;
    const scrollWidth = jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => width);
    const clientWidth = jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => 360);
    try {
      render(<DataTable columns={columns} data={rows} pageSize={10} caption="Countries" />);
      expect(screen.getByRole('table')).toBeTruthy();
      // the rows arrived and the table outgrew the phone: the browser reports it before painting
      width = 720;
      for (const callback of resized) callback();
      // already cards, with no render left for later (a tap on the table's buttons would reach nothing)
      expect(screen.queryByRole('table')).toBeNull();
      expect(within(screen.getByRole('list', { name: 'Countries' })).getAllByRole('listitem')).toHaveLength(10);
    } finally {
      scrollWidth.mockRestore();
      clientWidth.mockRestore();
      window.matchMedia = matchMedia;
      window.ResizeObserver = Observer;
    }
  });
});

describe('DataTable cells', () => {
  /** A cell with state of its own, like a row menu or a status select's question. */
  function Toggle({ name }: { name: string }) {
    const [open, setOpen] = useState(false);
    return (
      <button type="button" aria-expanded={open} onClick={() => setOpen(true)}>
        {name}
      </button>
    );
  }
  /** Columns built inline on every render, as the pages build them. */
  const inlineColumns = (): ColumnDef<Row, any>[] => [
    { accessorKey: 'name', header: () => <span>Name</span> },
    { id: 'menu', header: 'Menu', cell: (c) => <Toggle name={`Menu of ${c.row.original.name}`} /> },
  ];

  it('keep their state when the page renders again with new columns and data (its lists arrived)', () => {
    const { rerender } = render(<DataTable columns={inlineColumns()} data={rows} pageSize={10} getRowId={(r) => r.name} />);
    fireEvent.click(screen.getByRole('button', { name: 'Menu of Country 01' }));
    expect(screen.getByRole('button', { name: 'Menu of Country 01' }).getAttribute('aria-expanded')).toBe('true');
    rerender(<DataTable columns={inlineColumns()} data={rows.map((r) => ({ ...r }))} pageSize={10} getRowId={(r) => r.name} />);
    expect(screen.getByRole('button', { name: 'Menu of Country 01' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toBeTruthy();
  });
});
