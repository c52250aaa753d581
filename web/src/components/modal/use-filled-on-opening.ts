import { useState } from 'react';

/**
 * Fills a dialog's fields while rendering each opening (and each other record it is opened for),
 * not in an effect after it: an effect lets the dialog show for a frame or more with its fields
 * empty, or with the record opened before. Renders that neither open the dialog nor change its
 * record (a refetch, a renewed session) leave what was typed alone.
 */
export function useFilledOnOpening<T>(open: boolean, record: T, fill: (record: T) => void): void {
  const [filledFor, setFilledFor] = useState<{ open: boolean; record: T } | null>(null);
  if (filledFor === null || filledFor.open !== open || filledFor.record !== record) {
    setFilledFor({ open, record });
    if (open) fill(record);
  }
}
