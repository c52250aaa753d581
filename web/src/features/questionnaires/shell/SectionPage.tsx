import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { isAdminPrincipal } from '@cti/access';
import {
  applyConditions,
  QuestionnaireAnswers,
  sameAnswer,
  type AnswerModel,
  type Question,
  type QuestionnaireInfo,
  type QuestionnaireStep,
  type QuestionsAnswer,
} from '@cti/contracts';

import { usePrincipal } from '../../../app/hooks';
import { Button, Spinner } from '../../../components/form/fields';
import { asEditorHtml } from '../../../components/rich-text/rich-text-html';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { useToast } from '../../../components/toast/use-toast';
import { formatShortDate } from '../../../lib/dates';
import { answerText } from '../answer-text';
import type { EditSession, EditState, SaveOutcome, ServerView } from '../drafts/edit-session';
import { NOTE } from '../drafts/note-session';
import type { SectionView } from '../drafts/section-session';
import { useConfirmUnchangedMutation } from '../questionnaire-api';

import { useLeaveGuard } from './leave-guard';
import { autocompleteText, QuestionField, refusedTextMessage } from './QuestionField';
import { neighbours, stepUrl } from './steps';
import { useNoteSession, useSectionSession } from './use-edit-sessions';
import { ClearsDialog, copyText, DraftOffer, MergeDialog, ReadOnlyNotice, useCopy, type FieldText } from './work-kept';

type After = 'stay' | 'back' | 'next' | 'exit' | 'leave';

/**
 * A key per uncontrolled field (rich text) that changes only when the value it shows
 * changed from outside the field (restored, merged, saved elsewhere): a save of what it
 * shows keeps the editor, its text and its focus.
 */
function useRemountKeys(values: (id: string) => AnswerModel) {
  const shown = useRef(new Map<string, { value: AnswerModel; key: number }>());
  return {
    keyOf(id: string): number {
      const value = values(id);
      const entry = shown.current.get(id);
      if (!entry) {
        shown.current.set(id, { value, key: 0 });
        return 0;
      }
      if (
        !sameAnswer(
          asEditorHtml(typeof entry.value === 'string' ? entry.value : null),
          asEditorHtml(typeof value === 'string' ? value : null),
        )
      ) {
        entry.value = value;
        entry.key += 1;
      }
      return entry.key;
    },
    typed(id: string, value: AnswerModel) {
      const entry = shown.current.get(id);
      if (entry) entry.value = value;
      else shown.current.set(id, { value, key: 0 });
    },
  };
}

/** Reports one editor's unsaved work to the shell's guard while the page shows it. */
function useReportEdits(
  id: string,
  session: EditSession<ServerView> | null,
  state: EditState<ServerView>,
  label: (field: string) => string,
  save: () => Promise<boolean>,
) {
  const { report } = useLeaveGuard();
  const latest = useRef({ session, label, save });
  latest.current = { session, label, save };
  const unsaved = session ? session.unsaved() : [];
  const unsavedKey = unsaved.join('\u0000');
  useEffect(() => {
    if (!unsavedKey) {
      report(id, null);
      return;
    }
    report(id, {
      unsaved: unsavedKey.split('\u0000').map((field) => latest.current.label(field)),
      save: () => latest.current.save(),
      keep: () => latest.current.session?.flush() ?? Promise.resolve(),
      discard: () => latest.current.session?.discard() ?? Promise.resolve(),
    });
  }, [id, unsavedKey, report, state]);
  useEffect(() => () => report(id, null), [id, report]);
}

/**
 * Admin notes of a section: the admin's, not the section's, so they are saved on their own
 * (also while someone else holds the section) and with the section when the admin saves it.
 * A draft like any answer: kept in this browser until stored or discarded, offered back,
 * saved with the version it was based on, merged when another admin saved meanwhile.
 */
function AdminNotes({
  sectionId,
  info,
  onSaveRef,
}: {
  sectionId: number;
  info: QuestionnaireInfo;
  onSaveRef: { current: () => Promise<boolean> };
}) {
  const toast = useToast();
  const { session, state } = useNoteSession(info, sectionId, true);
  const [busy, setBusy] = useState(false);
  const keys = useRemountKeys((id) => session?.shown(id) ?? null);
  const text: FieldText = {
    label: () => 'Admin Notes',
    answer: (_, value) =>
      typeof value === 'string' && value ? <span className="prose-inline" dangerouslySetInnerHTML={{ __html: value }} /> : <em>none</em>,
  };
  const save = useCallback(async (): Promise<boolean> => {
    if (!session || !session.unsaved().length) return true;
    setBusy(true);
    const outcome = await session.save().finally(() => setBusy(false));
    if (outcome.kind === 'saved' || outcome.kind === 'nothing') {
      toast.success(outcome.message);
      return true;
    }
    if (outcome.kind === 'read-only' || outcome.kind === 'failed')
      toast.danger(outcome.message || 'The admin notes could not be saved. Please try again.', 6000);
    return false;
  }, [session, toast]);
  onSaveRef.current = save;
  useReportEdits(`note:${sectionId}`, session, state, () => 'Admin Notes', save);

  if (state.phase === 'failed') return <p className="notice notice-danger">{state.failure}</p>;
  if (!session || state.phase !== 'ready' || !state.view) return <Spinner label="Loading admin notes…" />;
  const open = state.view.open;
  const unsaved = session.unsaved().length > 0;
  return (
    <section className="admin-notes" aria-labelledby={`admin-notes-${sectionId}`}>
      <h3 id={`admin-notes-${sectionId}`}>Admin Notes</h3>
      <p className="muted small">
        {open
          ? 'Visible to admins only. Save them here at any time, also while someone else edits the section; saving the section saves them too.'
          : QuestionnaireAnswers.adminNoteClosed}
      </p>
      {state.offer && (
        <DraftOffer
          what="admin notes"
          fields={state.offer.fields}
          updatedAt={state.offer.updatedAt}
          stored={state.view.values}
          text={text}
          canRestore
          onRestore={() => session.restoreOffer()}
          onDiscard={() => void session.discardOffer()}
        />
      )}
      <RichTextEditor
        key={keys.keyOf(NOTE)}
        label="Admin Notes"
        initialHtml={(session.shown(NOTE) as string | null) ?? ''}
        onChange={(html) => {
          keys.typed(NOTE, html);
          session.change(NOTE, html || null);
        }}
        readOnly={!session.editable()}
      />
      {open && (
        <Button
          variant="secondary"
          className="button button-secondary button-small"
          disabled={!unsaved}
          busy={busy}
          onClick={() => void save()}
        >
          Save admin notes
        </Button>
      )}
      {state.conflict && (
        <MergeDialog
          rows={state.conflict.rows}
          savedBy={state.conflict.savedBy}
          savedAt={state.conflict.savedAt}
          text={text}
          busy={busy}
          onCancel={() => session.cancelConflict()}
          onResolve={(choices) => void session.resolveConflict(choices).then(save)}
        />
      )}
    </section>
  );
}

/** Carry-forward summary of a section, with the one-action confirmation. */
function CarryForwardBar({
  section,
  localChanges,
  canConfirm,
  onConfirm,
  busy,
}: {
  section: QuestionsAnswer['Section'];
  localChanges: number;
  canConfirm: boolean;
  onConfirm(): void;
  busy: boolean;
}) {
  if (!section.CarriedFrom) return null;
  return (
    <div className="notice carry-forward" role="note">
      <p>
        These answers started from <strong>{section.CarriedFrom}</strong>.{' '}
        {localChanges === 0
          ? 'No answer in this section has changed since.'
          : `${localChanges} ${localChanges === 1 ? 'answer has' : 'answers have'} changed since.`}
      </p>
      {section.Confirmation ? (
        <p className="small">
          Confirmed unchanged by {section.Confirmation.Name} on {formatShortDate(section.Confirmation.Stamp)}.
        </p>
      ) : (
        canConfirm &&
        localChanges === 0 && (
          <Button variant="secondary" className="button button-secondary button-small" busy={busy} onClick={onConfirm}>
            Confirm section unchanged since {section.CarriedFrom}
          </Button>
        )
      )}
    </div>
  );
}

const sectionLabel = (question: Question | undefined, number: number | undefined) =>
  question ? `${number !== undefined ? `${number}. ` : ''}${question.Text}` : 'An answer';

/**
 * One section page of the questionnaire: its questions (conditional ones shown as the states
 * and transitions says), the lock and what became of it, admin notes for admins,
 * carry-forward marks, and the buttons of each screen by status and position. Editing runs
 * through the section session: what is typed is kept in this browser until stored, saves
 * name the version they were based on, and the form is never rebuilt by a save.
 */
export function SectionPage({ step, info, onExit }: { step: QuestionnaireStep; info: QuestionnaireInfo; onExit(): Promise<void> }) {
  const sectionId = step.sectionId!;
  const navigate = useNavigate();
  const toast = useToast();
  const copy = useCopy();
  const principal = usePrincipal();
  const isAdmin = !!principal && isAdminPrincipal(principal);
  const guard = useLeaveGuard();
  const { session, state } = useSectionSession(info, sectionId);
  const [confirmUnchanged, confirming] = useConfirmUnchangedMutation();
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  /** Where the save asked for goes on to once a merge or a confirmation lets it through. */
  const afterDialog = useRef<After>('stay');
  const saveNotes = useRef<() => Promise<boolean>>(async () => true);
  const showNotes = isAdmin && step.group !== 'Intro Questions';
  const keys = useRemountKeys((id) => session?.shown(id) ?? null);

  const view: SectionView | null = state.view;
  const questions = useMemo(() => view?.section.Questions ?? [], [view?.section]);
  const byId = useMemo(() => new Map(questions.map((q) => [q.Id, q])), [questions]);
  const values = session && view ? session.shownValues() : {};
  const visible = useMemo(() => {
    if (!view) return new Set<number>();
    const byIndex = new Map(questions.map((q) => [q.Index, values[q.Id] ?? null]));
    return applyConditions(questions, byIndex, { ideraDeclaration: view.ideraDeclaration }).visible;
    // values change with the session's state
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `values` is derived from `state`
  }, [view, questions, state]);
  const numbers = new Map<string, number>();
  questions.filter((q) => visible.has(q.Index)).forEach((q, i) => numbers.set(q.Id, i + 1));
  const text: FieldText = {
    label: (id) => sectionLabel(byId.get(id), numbers.get(id)),
    answer: (id, value) => {
      const question = byId.get(id);
      if (!question) return typeof value === 'string' ? value : '';
      const shown = answerText(question, value);
      if (!shown) return <em>no answer</em>;
      return question.Type === 'wysiwyg' ? <span className="prose-inline" dangerouslySetInnerHTML={{ __html: shown }} /> : shown;
    },
  };
  const plain = (id: string) => {
    const question = byId.get(id);
    const value = session?.shown(id) ?? null;
    if (!question) return typeof value === 'string' ? value : '';
    const shown = answerText(question, value);
    return question.Type === 'wysiwyg' ? (new DOMParser().parseFromString(shown, 'text/html').body.textContent ?? '') : shown;
  };

  const { previous, next } = neighbours(step);
  const go = async (after: After) => {
    if (after === 'back' && previous) void navigate(stepUrl(info.QuestionnaireId, previous));
    if (after === 'next' && next) void navigate(stepUrl(info.QuestionnaireId, next));
    if ((after === 'next' && !next) || after === 'exit') await onExit();
  };

  /** What a save came to: told to the person, and the page goes on where it was asked to. */
  const settle = async (outcome: SaveOutcome, after: After): Promise<boolean> => {
    switch (outcome.kind) {
      case 'saved':
      case 'nothing':
        if (outcome.kind === 'saved') toast.success(outcome.message);
        else toast.info(outcome.message);
        if (!(await saveNotes.current())) return false;
        if (after !== 'stay' && after !== 'leave') await go(after);
        return true;
      case 'conflict':
      case 'confirm':
        afterDialog.current = after;
        return false;
      case 'read-only':
      case 'failed':
        toast.danger(outcome.message || 'Your answers could not be saved. Please try again.', 8000);
        return false;
    }
  };

  const save = async (after: After): Promise<boolean> => {
    if (!session || !view) return false;
    if (!session.editable()) return (await saveNotes.current()) && (after === 'leave' || after === 'stay' ? true : (await go(after), true));
    const refusedEntries = Object.entries(refused);
    if (refusedEntries.length) {
      // nothing is sent: the stored answer stays, and the typed text stays on the page to be corrected
      const [id, typed] = refusedEntries[0];
      toast.danger(`Nothing was saved. ${refusedTextMessage(typed, autocompleteText(byId.get(id)!, session.shown(id)))}`, 8000);
      return false;
    }
    setBusy(true);
    try {
      return await settle(await session.save(), after);
    } finally {
      setBusy(false);
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  const saveAndLeave = useCallback(() => saveRef.current('leave'), []);
  useReportEdits(`section:${sectionId}`, session, state, text.label, saveAndLeave);

  if (state.phase === 'failed') return <p className="notice notice-danger">This section could not be loaded. {state.failure}</p>;
  if (!session || !view) return <Spinner label="Loading the section…" />;

  const editable = session.editable();
  const reason = session.readOnlyReason();
  const unsaved = session.unsaved();
  const data = view.section;
  const localChanges = data.Questions.filter(
    (q) => q.Carried && !q.Carried.IsNew && !sameAnswer(visible.has(q.Index) ? (values[q.Id] ?? null) : null, q.Carried.Model),
  ).length;

  const confirm = async () => {
    try {
      const result = await confirmUnchanged({ QuestionnaireId: info.QuestionnaireId, SectionId: sectionId }).unwrap();
      toast.success(result.message);
      await session.refresh();
    } catch (error) {
      toast.danger((error as { data?: { message?: string } }).data?.message ?? 'The section could not be confirmed.');
    }
  };

  let number = 0;
  return (
    <article className="section-page" aria-labelledby="section-title" aria-busy={state.saving || undefined}>
      <header className="section-header">
        <span className="eyebrow">{step.part === 'Intro' ? 'Intro Questions' : `${step.group} · ${step.part}`}</span>
        <h2 id="section-title">{data.Section.Title}</h2>
      </header>
      {reason && (
        <ReadOnlyNotice
          reason={reason}
          unsaved={unsaved.length}
          questionnaire={`${info.Country} ${info.Period}`}
          onTakeOver={async () => {
            const taken = await session.takeOver();
            if (!taken.ok && taken.message) toast.danger(taken.message, 6000);
          }}
          onCopy={() => copy(copyText(unsaved, { label: text.label, plain }))}
          onKeep={async () => {
            await session.flush();
            toast.success('Kept in this browser: your unsaved answers are offered again when you open this section.');
          }}
        />
      )}
      {state.offer && (
        <DraftOffer
          what="answers"
          fields={state.offer.fields}
          updatedAt={state.offer.updatedAt}
          stored={view.values}
          text={text}
          canRestore
          onRestore={() => session.restoreOffer()}
          onDiscard={() => void session.discardOffer()}
        />
      )}
      {data.Section.Description && (
        <div className="prose section-description">
          {step.path === 'participation' && <h3>Terms of participation</h3>}
          <p>{data.Section.Description}</p>
        </div>
      )}
      <CarryForwardBar
        section={data.Section}
        localChanges={localChanges}
        canConfirm={editable}
        onConfirm={() => void confirm()}
        busy={confirming.isLoading}
      />
      {showNotes && <AdminNotes sectionId={sectionId} info={info} onSaveRef={saveNotes} />}
      <form className="questions" onSubmit={(e) => (e.preventDefault(), editable && void save('stay'))}>
        {data.Questions.filter((q) => visible.has(q.Index)).map((q) => {
          const value = session.shown(q.Id);
          return (
            <QuestionField
              key={q.Type === 'wysiwyg' ? `${q.Id}:${keys.keyOf(q.Id)}` : q.Id}
              question={q}
              number={++number}
              value={value}
              readOnly={!editable}
              unsaved={unsaved.includes(q.Id)}
              carriedFrom={data.Section.CarriedFrom}
              onChange={(changed) => {
                keys.typed(q.Id, changed);
                session.change(q.Id, changed);
              }}
              refusedText={refused[q.Id] ?? null}
              onRefusedText={(typed) =>
                setRefused((r) => {
                  const { [q.Id]: _dropped, ...rest } = r;
                  return typed === null ? rest : { ...rest, [q.Id]: typed };
                })
              }
            />
          );
        })}
        <div className="section-buttons">
          {editable ? (
            <>
              {previous && (
                <Button variant="secondary" busy={busy} onClick={() => void save('back')}>
                  Save and Back
                </Button>
              )}
              {next ? (
                <>
                  <Button busy={busy} onClick={() => void save('next')}>
                    Save and Next
                  </Button>
                  <Button variant="secondary" busy={busy} onClick={() => void save('stay')}>
                    Save
                  </Button>
                </>
              ) : (
                <Button busy={busy} onClick={() => void save('exit')}>
                  Save And Exit
                </Button>
              )}
            </>
          ) : (
            <>
              {previous && (
                <Button variant="secondary" onClick={() => guard.confirmLeave(() => go('back'))}>
                  Back
                </Button>
              )}
              <Button onClick={() => guard.confirmLeave(() => go('next'))}>Next</Button>
            </>
          )}
        </div>
      </form>
      {state.conflict && (
        <MergeDialog
          rows={state.conflict.rows}
          savedBy={state.conflict.savedBy}
          savedAt={state.conflict.savedAt}
          fieldsSaved={view.fieldsSaved}
          text={text}
          busy={busy}
          onCancel={() => session.cancelConflict()}
          onResolve={(choices) =>
            void (async () => {
              await session.resolveConflict(choices);
              await save(afterDialog.current);
            })()
          }
        />
      )}
      {state.confirm && (
        <ClearsDialog
          message={state.confirm.message}
          clears={state.confirm.clears}
          text={text}
          busy={busy}
          onCancel={() => session.cancelClears()}
          onConfirm={() =>
            void (async () => {
              setBusy(true);
              try {
                await settle(await session.confirmClears(), afterDialog.current);
              } finally {
                setBusy(false);
              }
            })()
          }
        />
      )}
    </article>
  );
}
