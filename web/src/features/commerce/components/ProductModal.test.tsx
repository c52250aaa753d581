import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Provider } from 'react-redux';

import type { Product } from '@cti/contracts';

import { makeStore } from '../../../app/store';
import { recordFieldsAsInserted } from '../../../test-support/fields-as-inserted';

import { ProductModal } from './ProductModal';

const product = (Id: string, Name: string, Price: number): Product => ({
  Id,
  Name,
  Description: `${Name} described`,
  Price,
  planId: null,
  Deleted: false,
  UpdatesRole: false,
  PerCountry: false,
});
const products = [product('p1', 'Scorecard', 125), product('p2', 'Full index', 990)];

/** As the products page opens it: Edit in a row's menu, or Add, both by a click. */
function Products() {
  const [editing, setEditing] = useState<Product | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      {products.map((p) => (
        <button key={p.Id} type="button" onClick={() => (setEditing(p), setOpen(true))}>
          Edit {p.Name}
        </button>
      ))}
      <button type="button" onClick={() => (setEditing(null), setOpen(true))}>
        Add
      </button>
      <ProductModal open={open} product={editing} onClose={() => setOpen(false)} />
    </>
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('Product modal', () => {
  it('opens showing the product clicked from its first frame, never empty or the product opened before', () => {
    render(
      <Provider store={makeStore()}>
        <Products />
      </Provider>,
    );
    const recorder = recordFieldsAsInserted();
    try {
      const opened = (button: string) => recorder.shownAfterClicking(button, ['Name', 'Description', 'Price (USD)']);
      expect(opened('Edit Scorecard')).toEqual(['Scorecard', 'Scorecard described', '125']);
      fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Scorecard (typed, cancelled)' } });
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(opened('Edit Full index')).toEqual(['Full index', 'Full index described', '990']);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(opened('Add')).toEqual(['', '', '']);
      expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    } finally {
      recorder.stop();
    }
  });
});
