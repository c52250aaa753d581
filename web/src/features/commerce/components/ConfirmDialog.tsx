import type { ReactNode } from 'react';
import { Button } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';

/** A yes/no question before an action that cannot be undone (refund, cancel). */
export function ConfirmDialog({ open, title, children, confirmLabel, busy, onConfirm, onClose }: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            No
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p>{children}</p>
    </Modal>
  );
}
