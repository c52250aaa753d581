import { useEffect } from 'react';

import { useAppDispatch, useAppSelector } from '../../app/hooks';

import { dismissToast, selectToasts, type Toast } from './toast-slice';

function ToastItem({ toast }: { toast: Toast }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), toast.durationMs);
    return () => clearTimeout(timer);
  }, [dispatch, toast.id, toast.durationMs]);
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'danger' ? 'alert' : 'status'}>
      <span>{toast.text}</span>
      <button type="button" className="icon-button" aria-label="Dismiss notification" onClick={() => dispatch(dismissToast(toast.id))}>
        ×
      </button>
    </div>
  );
}

/** Renders the notification stack (success/danger/info, 4–10 s each). */
export function Toaster() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
