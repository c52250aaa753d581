import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import type { AnswerModel } from '@cti/contracts';

import { Button } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { useToast } from '../../../components/toast/use-toast';
import { formatShortLocalDate } from '../../../lib/dates';
import type { ClearedField, ConflictRow, ReadOnlyReason } from '../drafts/edit-session';

import { LockIcon } from './LockIcon';

/** "14:32" (today) or "3/04/2026 14:32" of a time in ms or ISO. */
export function clockTime(at: number | string | null): string {
  if (at === null) return '';
  const date = new Date(at);
  const time = date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });
  return date.toDateString() === new Date().toDateString() ? time : `${formatShortLocalDate(date)} ${time}`;
}

/** How a field's label and answer read, for the notices and dialogs. */
export interface FieldText {
  label(id: string): string;
  answer(id: string, value: AnswerModel): ReactNode;
}

/** A draft from before this page, offered back: which fields differ from what is stored, restore or discard. */
export function DraftOffer({
  what,
  fields,
  updatedAt,
  stored,
  text,
  canRestore,
  onRestore,
  onDiscard,
}: {
  what: string;
  fields: Record<string, { value: AnswerModel }>;
  updatedAt: number;
  stored: Record<string, AnswerModel>;
  text: FieldText;
  canRestore: boolean;
  onRestore(): void;
  onDiscard(): void;
}) {
  return (
    <section className="notice draft-offer" role="alert" aria-labelledby="draft-offer-title">
      <h3 id="draft-offer-title">
        You have unsaved {what} from {clockTime(updatedAt)}
      </h3>
      <p className="small">They were kept in this browser. Restore them to go on where you left off, or discard them.</p>
      <ul className="draft-fields">
        {Object.entries(fields).map(([id, field]) => (
          <li key={id}>
            <strong>{text.label(id)}</strong>
            <span className="draft-pair">
              <span>
                <span className="muted small">Yours: </span>
                {text.answer(id, field.value)}
              </span>
              <span>
                <span className="muted small">Stored now: </span>
                {text.answer(id, stored[id] ?? null)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <div className="notice-actions">
        <Button onClick={onRestore} disabled={!canRestore}>
          Restore
        </Button>
        <Button variant="danger" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </section>
  );
}

/** The text of what is typed and unsaved, to copy elsewhere. */
export const copyText = (ids: string[], text: { label(id: string): string; plain(id: string): string }) =>
  ids.map((id) => `${text.label(id)}\n${text.plain(id)}`).join('\n\n');

/**
 * Why the page reads only, what became of what was typed (still shown, kept in this
 * browser) and what the person can do: take the lock over, copy the typed answers, keep
 * them as a draft now, ask for the questionnaire to be reopened.
 */
export function ReadOnlyNotice({
  reason,
  unsaved,
  questionnaire,
  onTakeOver,
  onCopy,
  onKeep,
}: {
  reason: ReadOnlyReason;
  /** How many typed answers are unsaved. */
  unsaved: number;
  /** "Ireland September 2026", for the reopen request. */
  questionnaire: string;
  onTakeOver(): Promise<void>;
  onCopy(): Promise<void>;
  onKeep(): Promise<void>;
}) {
  const [taking, setTaking] = useState(false);
  const takeOver = (
    <Button
      busy={taking}
      onClick={() => {
        setTaking(true);
        void onTakeOver().finally(() => setTaking(false));
      }}
    >
      Take over here
    </Button>
  );
  const kept = unsaved > 0 && (
    <>
      <p>
        Your {unsaved === 1 ? 'unsaved answer stays' : `${unsaved} unsaved answers stay`} on this page and in this browser: they are offered
        again when you open this section.
      </p>
      <div className="notice-actions">
        <Button variant="secondary" onClick={() => void onCopy()}>
          Copy my answers
        </Button>
        <Button variant="secondary" onClick={() => void onKeep()}>
          Save as draft
        </Button>
        {reason.why === 'closed' && (
          <Link
            className="button button-secondary"
            to={`/contact/general?message=${encodeURIComponent(`Please reopen the questionnaire ${questionnaire}: I have answers to add.`)}`}
          >
            Reopen request
          </Link>
        )}
      </div>
    </>
  );
  let what: ReactNode;
  switch (reason.why) {
    case 'other-user':
      what = (
        <p>
          <LockIcon /> <strong>{reason.name}</strong> is editing this section. You can read it, but not change it until they leave it.
        </p>
      );
      break;
    case 'other-tab':
      what = (
        <>
          <p>
            <LockIcon /> You are editing this section in another tab. This tab reads only; take it over here to edit it here (the other tab
            keeps what it typed, and turns read-only).
          </p>
          <div className="notice-actions">{takeOver}</div>
        </>
      );
      break;
    case 'lock-lost':
      what =
        reason.now.holder === 'other-tab' ? (
          <>
            <p>
              <LockIcon /> You took this section over in another tab: this tab reads only now.
            </p>
            <div className="notice-actions">{takeOver}</div>
          </>
        ) : reason.now.holder === 'other-user' ? (
          <p>
            <LockIcon /> <strong>{reason.now.name}</strong> is editing this section now: your hold on it lapsed (the connection was lost for
            a while), so it reads only until they leave it.
          </p>
        ) : (
          <p>
            <LockIcon /> Your hold on this section lapsed while the connection was lost. The page takes it again as soon as it can.
          </p>
        );
      break;
    case 'closed':
      what = unsaved > 0 && (
        <p>
          This questionnaire was closed (submitted as final) while you were typing: its answers can no longer be changed here. What you
          typed was not saved.
        </p>
      );
      break;
    case 'signed-out':
      what = <p>Your session has ended. Sign in again to go on: what you typed is kept in this browser.</p>;
      break;
  }
  if (!what && !kept) return null;
  return (
    <div className={`notice ${reason.why === 'other-user' ? 'lock-banner' : 'read-only-notice'}`} role="status">
      {what}
      {kept}
    </div>
  );
}

/** Copies text to the clipboard, or says where to find it. */
export function useCopy() {
  const toast = useToast();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Your unsaved answers were copied.');
    } catch {
      toast.danger('This browser refused the clipboard. Your answers are still on the page and kept in this browser.', 8000);
    }
  };
}

/** Mine beside what is stored now, per field someone else changed meanwhile: the person chooses each. */
export function MergeDialog({
  rows,
  savedBy,
  savedAt,
  text,
  fieldsSaved,
  busy,
  onResolve,
  onCancel,
}: {
  rows: ConflictRow[];
  savedBy: string | null;
  savedAt: string | null;
  text: FieldText;
  fieldsSaved?: Record<string, { by: string | null; at: string | null }>;
  busy: boolean;
  onResolve(choices: Record<string, 'mine' | 'stored'>): void;
  onCancel(): void;
}) {
  const [choices, setChoices] = useState<Record<string, 'mine' | 'stored'>>({});
  const who = savedBy ? `${savedBy}${savedAt ? ` at ${clockTime(savedAt)}` : ''}` : 'someone else';
  return (
    <Modal
      open
      title="Someone else saved these answers meanwhile"
      onClose={onCancel}
      width={760}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button busy={busy} onClick={() => onResolve(choices)}>
            Save my choices
          </Button>
        </>
      }
    >
      <p>
        {who} saved this section after you started typing. Nothing of yours was saved yet. For each answer below, choose which one to keep;
        the one you do not keep is discarded.
      </p>
      <ol className="merge-rows">
        {rows.map((row) => {
          const by = fieldsSaved?.[row.id];
          const choice = choices[row.id] ?? 'mine';
          return (
            <li key={row.id} className="merge-row">
              <strong>{text.label(row.id)}</strong>
              <div className="merge-pair" role="radiogroup" aria-label={text.label(row.id)}>
                <label className={`merge-choice${choice === 'mine' ? ' chosen' : ''}`}>
                  <input
                    type="radio"
                    name={`merge-${row.id}`}
                    checked={choice === 'mine'}
                    onChange={() => setChoices((c) => ({ ...c, [row.id]: 'mine' }))}
                  />
                  <span>
                    <span className="muted small">Mine</span>
                    <span className="merge-answer">{text.answer(row.id, row.mine)}</span>
                  </span>
                </label>
                <label className={`merge-choice${choice === 'stored' ? ' chosen' : ''}`}>
                  <input
                    type="radio"
                    name={`merge-${row.id}`}
                    checked={choice === 'stored'}
                    onChange={() => setChoices((c) => ({ ...c, [row.id]: 'stored' }))}
                  />
                  <span>
                    <span className="muted small">Stored now{by?.by ? `, by ${by.by}${by.at ? ` at ${clockTime(by.at)}` : ''}` : ''}</span>
                    <span className="merge-answer">{text.answer(row.id, row.stored)}</span>
                  </span>
                </label>
              </div>
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}

/** A save that clears answers (here, or in other sections) names them and asks first. */
export function ClearsDialog({
  message,
  clears,
  text,
  busy,
  onConfirm,
  onCancel,
}: {
  message: string;
  clears: ClearedField[];
  text: FieldText;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Modal
      open
      title="Saving clears answers"
      onClose={onCancel}
      width={640}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" busy={busy} onClick={onConfirm}>
            Save and clear these answers
          </Button>
        </>
      }
    >
      <p>{message}</p>
      <ul className="cleared-list">
        {clears.map((c) => (
          <li key={c.id}>
            {c.where && <span className="muted small">{c.where.label}: </span>}
            <strong>{c.where ? c.text : text.label(c.id)}</strong>
            <span className="cleared-answer"> {c.where ? text.answer(c.id, c.value) : text.answer(c.id, c.value)}</span>
          </li>
        ))}
      </ul>
      <p className="small">Cancel saves nothing; your changes stay on the page.</p>
    </Modal>
  );
}
