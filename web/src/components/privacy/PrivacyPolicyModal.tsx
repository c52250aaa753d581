import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { Button, Spinner } from '../form/fields';
import { Modal } from '../modal/Modal';

// the policy text loads only when someone opens the modal
const PrivacyPolicy = lazy(() => import('./PrivacyPolicy'));

export interface PrivacyPolicyModalProps {
  open: boolean;
  onClose(): void;
}

/** The Privacy Policy (version dated 15 September 2025) in a modal, for forms that ask users to accept it. */
export function PrivacyPolicyModal({ open, onClose }: PrivacyPolicyModalProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Privacy Policy"
      width={800}
      footer={
        <>
          <Link to="/about/privacy-policy" target="_blank" rel="noopener">
            Open as a page<span className="visually-hidden"> (opens in a new tab)</span>
          </Link>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <Suspense fallback={<Spinner label="Loading the Privacy Policy…" />}>
        <PrivacyPolicy headingLevel={3} />
      </Suspense>
    </Modal>
  );
}

/** A link-styled button that opens the Privacy Policy modal: `<PrivacyPolicyLink />` inside a sentence. */
export function PrivacyPolicyLink({ children = 'Privacy Policy' }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {children}
      </Button>
      <PrivacyPolicyModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
