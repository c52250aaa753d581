import { useState } from 'react';

import { CommerceMessages, type Product } from '@cti/contracts';

import { Button, TextAreaField, TextField } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useFilledOnOpening } from '../../../components/modal/use-filled-on-opening';
import { useToast } from '../../../components/toast/use-toast';
import { answerText } from '../../../lib/api-error';
import { useSaveProductMutation } from '../commerce-api';
import { parseDollars } from '../money';

/** Add (no product) or edit a product: name, description and price in US dollars. */
export function ProductModal({ open, product, onClose }: { open: boolean; product: Product | null; onClose(): void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [price, setPrice] = useState('');
  const [save, { isLoading }] = useSaveProductMutation();
  const toast = useToast();

  useFilledOnOpening(open, product, (opened) => {
    setName(opened?.Name ?? '');
    setDescription(opened?.Description ?? '');
    setPrice(opened ? String(opened.Price) : '');
  });

  const submit = async () => {
    const dollars = parseDollars(price);
    if (!name.trim() || dollars === null) {
      toast.danger(CommerceMessages.fillAllFields, 4000);
      return;
    }
    const result = await save({ Id: product?.Id ?? null, Name: name.trim(), Description: description.trim(), Price: dollars });
    if ('error' in result) {
      toast.danger(answerText(result.error) ?? 'The product was not saved.', 6000);
      return;
    }
    toast.success(product ? 'Product saved.' : 'Product added.');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={product ? 'Edit product' : 'Add product'}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} busy={isLoading}>
            Save
          </Button>
        </>
      }
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
        <TextAreaField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} rows={3} maxLength={2000} />
        <TextField
          label="Price (USD)"
          hint="Per year for subscriptions; per country for the per-country product."
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          required
        />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
