import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { AuditMessages } from '@cti/contracts';
import { makeStore } from '../../../app/store';
import { Toaster } from '../../../components/toast/Toaster';
import { KeyedFilter, type AppliedFilter } from './KeyedFilter';
import { chainCheckText } from './ChainCheck';

const keys = [
  { key: 'Action', label: 'Action' },
  { key: 'Country', label: 'User Group' },
] as const;

function Harness({ onChange }: { onChange?: (f: AppliedFilter[]) => void }) {
  const [filters, setFilters] = useState<AppliedFilter[]>([]);
  return (
    <Provider store={makeStore()}>
      <KeyedFilter
        keys={keys}
        filters={filters}
        list="audit"
        onChange={(f) => {
          setFilters(f);
          onChange?.(f);
        }}
      />
      <Toaster />
    </Provider>
  );
}

describe('KeyedFilter', () => {
  it('needs a key and a value before adding ("Enter a valid filter first")', () => {
    const changes = jest.fn();
    render(<Harness onChange={changes} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getByRole('alert').textContent).toBe(AuditMessages.invalidFilter);
    fireEvent.change(screen.getByLabelText('Filter value'), { target: { value: 'Response' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getByRole('alert').textContent).toBe(AuditMessages.invalidFilter);
    expect(changes).not.toHaveBeenCalled();
  });

  it('adds filters as chips named by their label, once each, and removes them', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Filter by'), { target: { value: 'Country' } });
    fireEvent.change(screen.getByLabelText('Filter value'), { target: { value: ' Ireland ' } });
    fireEvent.keyDown(screen.getByLabelText('Filter value'), { key: 'Enter' });
    fireEvent.change(screen.getByLabelText('Filter value'), { target: { value: 'Ireland' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    const chips = within(screen.getByRole('list', { name: 'Filters in use' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['User Group: Ireland×']);
    expect((screen.getByLabelText('Filter value') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter User Group: Ireland' }));
    expect(screen.queryByRole('list', { name: 'Filters in use' })).toBeNull();
  });

  it('tells when the suggestion lookup fails (jsdom has no server to ask)', async () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('Filter by'), { target: { value: 'Action' } });
    expect(await screen.findByText(AuditMessages.filterLookupFailure)).toBeTruthy();
    quiet.mockRestore();
  });
});

describe('chainCheckText', () => {
  it('says the log is intact, or names the first broken row and how it broke', () => {
    expect(chainCheckText({ Valid: true, Checked: 12345, FirstBroken: null })).toBe('The audit log is intact: all 12,345 rows verified.');
    expect(
      chainCheckText({ Valid: false, Checked: 2, FirstBroken: { Seq: 3, Id: 'x', Action: 'Login', Stamp: '2025-03-10T14:05:09.000Z', Reason: 'altered' } }),
    ).toBe('The audit log was tampered with: row #3 (Login, 03/10/2025 2:05:09 pm UTC) was altered after it was recorded.');
    expect(chainCheckText({ Valid: false, Checked: 3, FirstBroken: { Seq: 4, Id: null, Action: null, Stamp: null, Reason: 'missing' } })).toBe(
      'The audit log was tampered with: row #4 was removed.',
    );
    expect(chainCheckText({ Valid: false, Checked: 5, FirstBroken: { Seq: 6, Id: null, Action: null, Stamp: null, Reason: 'truncated' } })).toBe(
      'The audit log was tampered with: rows from #6 on were removed.',
    );
  });
});
