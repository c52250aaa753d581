import { fireEvent, render, screen, within } from '@testing-library/react';
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
const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('DataTable', () => {
  it('shows 10 rows per page with pagination above and below', () => {
    render(<DataTable columns={columns} data={rows} pageSize={10} initialSort={{ id: 'name' }} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getAllByRole('navigation', { name: 'Pagination' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Last page' })[0]!);
    expect(bodyRows()).toHaveLength(5);
    expect(bodyRows()[0]!.textContent).toContain('Country 21');
  });

  it('sorts by a column when its header is clicked, then reverses', () => {
    render(<DataTable columns={columns} data={rows} pageSize={20} />);
    const header = () => screen.getByRole('columnheader', { name: /Score/ });
    const first = () => bodyRows()[0]!.textContent;
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
});
