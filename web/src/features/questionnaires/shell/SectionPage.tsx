import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { isAdminPrincipal } from '@cti/access';
import {
  applyConditions,
  QuestionnaireAnswers,
  QuestionnaireListMessages,
  sameAnswer,
  type AdminCommentAnswer,
  type AnswerModel,
  type Question,
  type QuestionnaireInfo,
  type QuestionnaireStep,
  type QuestionsAnswer,
} from '@cti/contracts';

import { useAppSelector, usePrincipal } from '../../../app/hooks';
import { Button, Spinner } from '../../../components/form/fields';
import { asEditorHtml } from '../../../components/rich-text/rich-text-html';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { useToast } from '../../../components/toast/use-toast';
import { answerText as serverMessage } from '../../../lib/api-error';
import { formatShortDate } from '../../../lib/dates';
import { selectUser } from '../../auth/auth-slice';
import {
  useAdminCommentQuery,
  useConfirmUnchangedMutation,
  useIderaDeclarationQuery,
  useQuestionnaireChangesQuery,
  useSaveAdminCommentMutation,
  useSaveSectionMutation,
  useSectionQuestionsQuery,
} from '../questionnaire-api';

import { useLeaveGuard } from './leave-guard';
import { LockIcon } from './LockIcon';
import { autocompleteText, QuestionField, refusedTextMessage } from './QuestionField';
import { neighbours, stepUrl } from './steps';
import { useSectionLock } from './use-section-lock';

/** Sections whose conditions depend on the IDERA declaration (IDERA and Variable B). */
const NEEDS_IDERA_DECLARATION = new Set([9, 14]);

type After = 'stay' | 'back' | 'next' | 'exit' | 'leave';

/** The answers as the page would save them, from which "unsaved changes" are judged. */
function editorModel(question: Question, model: AnswerModel): AnswerModel {
  return question.Type === 'wysiwyg' && typeof model === 'string' ? asEditorHtml(model) || null : model;
}

/**
 * Admin notes of a section: the admin's, not the section's, so they are saved on their
 * own (also while someone else holds the section) and with the section when the admin
 * saves it. Read-only once the questionnaire is closed, with the reason shown. The editor
 * stays while the notes are fetched again (after each save); `shown` changes when it is
 * to show a newer load.
 */
function AdminNotes({
  sectionId,
  data,
  failed,
  shown,
  open,
  changed,
  saving,
  onChange,
  onSave,
}: {
  sectionId: number;
  data: AdminCommentAnswer | undefined;
  failed: boolean;
  shown: number;
  open: boolean;
  changed: boolean;
  saving: boolean;
  onChange(html: string): void;
  onSave(): void;
}) {
  if (!data) {
    return failed ? (
      <p className="notice notice-danger">{QuestionnaireListMessages.adminCommentFailed}</p>
    ) : (
      <Spinner label="Loading admin notes…" />
    );
  }
  return (
    <section className="admin-notes" aria-labelledby={`admin-notes-${sectionId}`}>
      <h3 id={`admin-notes-${sectionId}`}>Admin Notes</h3>
      <p className="muted small">
        {open
          ? 'Visible to admins only. Save them here at any time, also while someone else edits the section; saving the section saves them too.'
          : QuestionnaireAnswers.adminNoteClosed}
      </p>
      <RichTextEditor key={shown} label="Admin Notes" initialHtml={data.Comment} onChange={onChange} readOnly={!open} />
      {open && (
        <Button variant="secondary" className="button button-secondary button-small" disabled={!changed} busy={saving} onClick={onSave}>
          Save admin notes
        </Button>
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

/**
 * One section page of the questionnaire: its questions (conditional ones shown as
 * the states and transitions says), the lock banner, admin notes for admins, carry-forward marks, and the
 * buttons of each screen by status and position. Unsaved edits are reported to the shell, which
 * asks before they are lost.
 */
export function SectionPage({ step, info, onExit }: { step: QuestionnaireStep; info: QuestionnaireInfo; onExit(): Promise<void> }) {
  const sectionId = step.sectionId!;
  const navigate = useNavigate();
  const toast = useToast();
  const guard = useLeaveGuard();
  const user = useAppSelector(selectUser);
  const principal = usePrincipal();
  const isAdmin = !!principal && isAdminPrincipal(principal);
  const args = { SectionId: sectionId, GroupId: info.GroupId, QuestionnaireId: info.QuestionnaireId };
  const { data, isFetching, isError, refetch, fulfilledTimeStamp } = useSectionQuestionsQuery(args, { refetchOnMountOrArgChange: true });
  const { data: ideraDeclaration = false } = useIderaDeclarationQuery(info.QuestionnaireId, {
    skip: !NEEDS_IDERA_DECLARATION.has(sectionId),
    refetchOnMountOrArgChange: true,
  });
  const { data: changes } = useQuestionnaireChangesQuery(info.QuestionnaireId);
  const [saveSection, saving] = useSaveSectionMutation();
  const [saveAdminComment, savingNote] = useSaveAdminCommentMutation();
  const [confirmUnchanged, confirming] = useConfirmUnchangedMutation();
  const [models, setModels] = useState<Record<string, AnswerModel>>({});
  /** The answers as last loaded or saved: what "unsaved changes" are measured against. */
  const [baseline, setBaseline] = useState<Record<string, AnswerModel>>({});
  const [refused, setRefused] = useState<Record<string, string>>({});
  const showNotes = isAdmin && step.group !== 'Intro Questions';
  const notes = useAdminCommentQuery(
    { questionnaireId: info.QuestionnaireId, sectionId },
    { skip: !showNotes, refetchOnMountOrArgChange: true },
  );
  /** The admin notes as typed (null: untouched since shown) and as last loaded or saved. */
  const [note, setNote] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState('');
  // Each load of the notes is taken while rendering it (RTK keeps the object of a refetch that
  // found nothing new). A newer one replaces the editor's text only while nothing typed there is
  // unsaved: text typed during a save's round trip stays on the page, and still counts as unsaved.
  const [notesLoaded, setNotesLoaded] = useState<AdminCommentAnswer | undefined>(undefined);
  const [notesShown, setNotesShown] = useState(0);
  if (notes.data && notes.data !== notesLoaded) {
    setNotesLoaded(notes.data);
    setSavedNote(notes.data.Comment);
    const typed = note !== null && asEditorHtml(note) !== asEditorHtml(savedNote);
    if (!typed && asEditorHtml(note ?? savedNote) !== asEditorHtml(notes.data.Comment)) {
      setNote(null);
      setNotesShown((n) => n + 1);
    }
  }
  const [loadVersion, setLoadVersion] = useState(0);
  // Each load's answers are taken while rendering it, not in an effect after it: an effect let
  // the section show with every field empty (or the previous load's) for a frame or more.
  const [loaded, setLoaded] = useState<QuestionsAnswer | undefined>(undefined);
  if (data && data !== loaded) {
    setLoaded(data);
    setModels(Object.fromEntries(data.Questions.map((q) => [q.Id, q.Model])));
    setBaseline(Object.fromEntries(data.Questions.map((q) => [q.Id, editorModel(q, q.Model)])));
    setRefused({});
    setLoadVersion((v) => v + 1);
  }

  const open = info.Status === 'Open';
  const editable = open && !!data?.IsLocker;
  useSectionLock({
    load: args,
    open,
    loaded: !!data,
    isLocker: !!data?.IsLocker,
    onLockChanged: () => void refetch(),
  });

  // someone else released, took or saved this section while it shows read-only here: show it as it is now
  const readOnlyHere = !!data && !data.IsLocker;
  const sectionChangeSeq = changes?.sections[sectionId]?.seq;
  const sectionChangedByMe = changes?.sections[sectionId]?.by === user?.Id;
  useEffect(() => {
    if (sectionChangeSeq === undefined || sectionChangedByMe || !readOnlyHere || !open) return;
    void refetch();
  }, [sectionChangeSeq, sectionChangedByMe, readOnlyHere, open, refetch]);

  // a read-only section loaded before the change stream was (re)connected may have missed a
  // release or a save in between (a busy machine makes that gap seconds long): look once more
  const connectedAt = changes?.connectedAt ?? null;
  useEffect(() => {
    if (!readOnlyHere || !open || connectedAt === null || fulfilledTimeStamp === undefined || fulfilledTimeStamp >= connectedAt) return;
    void refetch();
  }, [connectedAt, fulfilledTimeStamp, readOnlyHere, open, refetch]);

  const visible = useMemo(() => {
    if (!data) return new Set<number>();
    const byIndex = new Map(data.Questions.map((q) => [q.Index, models[q.Id] ?? null]));
    return applyConditions(data.Questions, byIndex, { ideraDeclaration }).visible;
  }, [data, models, ideraDeclaration]);

  /** What a save would send: hidden questions cleared (the service would clear them anyway). */
  const toSave = useMemo(
    () => (data ? data.Questions.map((q) => ({ Id: q.Id, Model: visible.has(q.Index) ? (models[q.Id] ?? null) : null })) : []),
    [data, models, visible],
  );
  const refusedEntries = Object.entries(refused);
  const noteChanged = isAdmin && open && note !== null && asEditorHtml(note) !== asEditorHtml(savedNote);
  const answersChanged = !!data && data.Questions.some((q, i) => !sameAnswer(editorModel(q, toSave[i].Model), baseline[q.Id] ?? null));
  const dirty = (editable && (answersChanged || refusedEntries.length > 0)) || noteChanged;

  const localChanges = data
    ? data.Questions.filter(
        (q) => q.Carried && !q.Carried.IsNew && !sameAnswer(visible.has(q.Index) ? (models[q.Id] ?? null) : null, q.Carried.Model),
      ).length
    : 0;

  const { previous, next } = neighbours(step);
  const go = async (after: After) => {
    if (after === 'back' && previous) void navigate(stepUrl(previous));
    if (after === 'next' && next) void navigate(stepUrl(next));
    if ((after === 'next' && !next) || after === 'exit') await onExit();
  };

  const saveNote = async (): Promise<boolean> => {
    if (note === null) return true;
    try {
      const result = await saveAdminComment({ questionnaireId: info.QuestionnaireId, sectionId, comment: note }).unwrap();
      toast.success(result.message);
      setSavedNote(note);
      return true;
    } catch (error) {
      toast.danger(serverMessage(error as never) ?? 'The admin notes could not be saved. Please try again.', 6000);
      return false;
    }
  };

  const save = async (after: After): Promise<boolean> => {
    if (!data || !user) return false;
    // only the admin notes can be saved while someone else holds the section
    if (!editable) return noteChanged ? saveNote() : true;
    if (refusedEntries.length) {
      // nothing is sent: the stored answer stays, and the typed text stays on the page to be corrected
      const [id, text] = refusedEntries[0];
      const question = data.Questions.find((q) => q.Id === id)!;
      toast.danger(`Nothing was saved. ${refusedTextMessage(text, autocompleteText(question, models[id] ?? null))}`, 8000);
      return false;
    }
    try {
      const result = await saveSection({ questionnaireId: info.QuestionnaireId, userId: user.Id, questions: toSave }).unwrap();
      if (result.message === QuestionnaireAnswers.nothingToSave) toast.info(result.message);
      else toast.success(result.message);
      setBaseline(Object.fromEntries(data.Questions.map((q, i) => [q.Id, editorModel(q, toSave[i].Model)])));
      if (noteChanged && !(await saveNote())) return false;
      guard.markSaved();
      if (after === 'stay') await refetch();
      else if (after !== 'leave') await go(after);
      return true;
    } catch (error) {
      // section save failures are logged; a refusal's reason is also shown, nothing is lost on the page
      console.error('section save failed', error);
      toast.danger(serverMessage(error as never) ?? 'Your answers could not be saved. Please try again.', 6000);
      return false;
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  const saveAndLeave = useCallback(() => saveRef.current('leave'), []);

  const { report } = guard;
  useEffect(() => report({ dirty, save: dirty ? saveAndLeave : null }), [report, dirty, saveAndLeave]);
  useEffect(() => () => report({ dirty: false, save: null }), [report]);

  if (isError) return <p className="notice notice-danger">This section could not be loaded. Please try again.</p>;
  if (!data) return <Spinner label="Loading the section…" />;

  const confirm = async () => {
    try {
      const result = await confirmUnchanged({ QuestionnaireId: info.QuestionnaireId, SectionId: sectionId }).unwrap();
      toast.success(result.message);
    } catch (error) {
      toast.danger(serverMessage(error as never) ?? 'The section could not be confirmed.');
    }
  };

  let number = 0;
  return (
    <article className="section-page" aria-labelledby="section-title" aria-busy={isFetching || undefined}>
      <header className="section-header">
        <span className="eyebrow">{step.part === 'Intro' ? 'Intro Questions' : `${step.group} · ${step.part}`}</span>
        <h2 id="section-title">{data.Section.Title}</h2>
      </header>
      {open && !data.IsLocker && data.Locker && (
        <div className="notice lock-banner" role="status">
          <p>
            <LockIcon /> <strong>{data.Locker}</strong> is editing this section. You can read it, but not change it until they leave it.
          </p>
        </div>
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
      {showNotes && (
        <AdminNotes
          sectionId={sectionId}
          data={notes.data}
          failed={notes.isError}
          shown={notesShown}
          open={open}
          changed={noteChanged}
          saving={savingNote.isLoading}
          onChange={setNote}
          onSave={() => void saveNote()}
        />
      )}
      <form className="questions" onSubmit={(e) => (e.preventDefault(), editable && void save('stay'))}>
        {data.Questions.filter((q) => visible.has(q.Index)).map((q) => (
          <QuestionField
            key={`${q.Id}:${loadVersion}`}
            question={q}
            number={++number}
            value={models[q.Id] ?? null}
            readOnly={!editable}
            carriedFrom={data.Section.CarriedFrom}
            onChange={(value) => setModels((m) => ({ ...m, [q.Id]: value }))}
            refusedText={refused[q.Id] ?? null}
            onRefusedText={(text) =>
              setRefused((r) => {
                const { [q.Id]: _dropped, ...rest } = r;
                return text === null ? rest : { ...rest, [q.Id]: text };
              })
            }
          />
        ))}
        <div className="section-buttons">
          {editable ? (
            <>
              {previous && (
                <Button variant="secondary" busy={saving.isLoading} onClick={() => void save('back')}>
                  Save and Back
                </Button>
              )}
              {next ? (
                <>
                  <Button busy={saving.isLoading} onClick={() => void save('next')}>
                    Save and Next
                  </Button>
                  <Button variant="secondary" busy={saving.isLoading} onClick={() => void save('stay')}>
                    Save
                  </Button>
                </>
              ) : (
                <Button busy={saving.isLoading} onClick={() => void save('exit')}>
                  Save And Exit
                </Button>
              )}
            </>
          ) : (
            <>
              {previous && (
                <Button variant="secondary" onClick={() => void go('back')}>
                  Back
                </Button>
              )}
              <Button onClick={() => void go('next')}>Next</Button>
            </>
          )}
        </div>
      </form>
    </article>
  );
}
