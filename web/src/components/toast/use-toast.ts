import { useCallback, useMemo } from 'react';

import { useAppDispatch } from '../../app/hooks';

import { showToast, type ToastKind } from './toast-slice';

/** `toast.success(text)`, `toast.danger(text, 5000)`, …; the same object on every render, so effects may depend on it. */
export function useToast() {
  const dispatch = useAppDispatch();
  const show = useCallback(
    (kind: ToastKind, text: string, durationMs?: number) => dispatch(showToast({ kind, text, durationMs })),
    [dispatch],
  );
  return useMemo(
    () => ({
      success: (text: string, durationMs?: number) => show('success', text, durationMs),
      danger: (text: string, durationMs?: number) => show('danger', text, durationMs),
      info: (text: string, durationMs?: number) => show('info', text, durationMs),
    }),
    [show],
  );
}
