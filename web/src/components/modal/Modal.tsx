import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** Pixel width on wide screens (the spec's user and approval modals use 960). */
  width?: number;
  /** Id of an element inside that describes the dialog (e.g. a confirmation's question). */
  describedBy?: string;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dialogs open now, the last on top: a question asked from inside a dialog (revoking a key
 * in the user modal) opens over it, and only the top one takes Escape and Tab; the page stays
 * locked until the last one closes.
 */
const openDialogs: object[] = [];

// controls inside a collapsed or hidden part of the dialog are not tab stops
const visible = (el: HTMLElement) => (typeof el.checkVisibility === 'function' ? el.checkVisibility() : !el.closest('[hidden]'));

/**
 * A dialog: focus moves in (to the first control of the body, else the dialog itself) and
 * stays in (Tab wraps), Escape and the backdrop close it, focus returns to where it was.
 * Re-renders of the opener (a new `onClose` each time) do not move focus.
 */
export function Modal({ open, title, onClose, children, footer, width = 600, describedBy }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const body = dialog.current?.querySelector<HTMLElement>('.modal-body');
    const first = body ? Array.from(body.querySelectorAll<HTMLElement>(focusable)).find(visible) : undefined;
    (first ?? dialog.current)?.focus();
    const self = {};
    openDialogs.push(self);
    const onKey = (e: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== self) return;
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
        return;
      }
      if (e.key === 'Tab' && dialog.current) {
        const items = Array.from(dialog.current.querySelectorAll<HTMLElement>(focusable)).filter(visible);
        if (!items.length) {
          e.preventDefault();
          return;
        }
        const [head, tail] = [items[0], items[items.length - 1]];
        const inside = dialog.current.contains(document.activeElement);
        if (e.shiftKey && (document.activeElement === head || !inside || document.activeElement === dialog.current)) {
          e.preventDefault();
          tail.focus();
        } else if (!e.shiftKey && (document.activeElement === tail || !inside)) {
          e.preventDefault();
          head.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.classList.add('modal-open');
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(self), 1);
      if (!openDialogs.length) document.body.classList.remove('modal-open');
      if (previous && document.contains(previous)) previous.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && closeRef.current()}>
      <div
        ref={dialog}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        style={{ maxWidth: width }}
      >
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => closeRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
