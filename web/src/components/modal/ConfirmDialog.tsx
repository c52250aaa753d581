import type { ReactNode } from 'react';

import { Button } from '../form/fields';

import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. the spec's confirmation text. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  /** `danger` for what cannot be undone (the default); `primary` for a change that only needs a second look. */
  variant?: 'danger' | 'primary';
  onConfirm(): void;
  onClose(): void;
}

/** A yes/no question before an action that cannot be undone (delete, refund, cancel). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy,
  variant = 'danger',
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant={variant} busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{children}</p>
    </Modal>
  );
}
