import { Modal } from '../../components/modal/Modal';
import { Button } from '../../components/form/fields';

/** A yes/no question before something that cannot be undone. */
export function ConfirmDialog({ open, title, text, busy, onConfirm, onCancel }: { open: boolean; title: string; text: string; busy?: boolean; onConfirm(): void; onCancel(): void }) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onCancel}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            Delete
          </Button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
