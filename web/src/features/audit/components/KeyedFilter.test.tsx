import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';

import { AuditMessages } from '@cti/contracts';

import { makeStore } from '../../../app/store';
import { Toaster } from '../../../components/toast/Toaster';

import { KeyedFilter, type AppliedFilter } from './KeyedFilter';

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
