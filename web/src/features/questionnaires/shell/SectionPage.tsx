import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  applyConditions,
  QuestionnaireListMessages,
  sameAnswer,
  type AnswerModel,
  type QuestionnaireInfo,
  type QuestionnaireStep,
  type QuestionsAnswer,
} from '@cti/contracts';
import { useAppSelector, usePrincipal } from '../../../app/hooks';
import { Button, Spinner } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { answerText as serverMessage } from '../../../lib/api-error';
import { formatShortDate } from '../../../lib/dates';
import { isAdminPrincipal } from '@cti/access';
import { selectUser } from '../../auth/auth-slice';
import { RichTextEditor } from '../rich-text/RichTextEditor';
import {
  useAdminCommentQuery,
  useConfirmUnchangedMutation,
  useIderaDeclarationQuery,
  useSaveAdminCommentMutation,
  useSaveSectionMutation,
  useSectionQuestionsQuery,
} from '../questionnaire-api';
import { LockIcon } from './LockIcon';
import { QuestionField } from './QuestionField';
import { useSectionLock } from './use-section-lock';
import { neighbours, stepUrl } from './steps';

/** Sections whose conditions depend on the IDERA declaration (IDERA and Variable B). */
const NEEDS_IDERA_DECLARATION = new Set([9, 14]);

type After = 'stay' | 'back' | 'next' | 'exit';

function AdminNotes({
  questionnaireId,
  sectionId,
  readOnly,
  onChange,
}: {
  questionnaireId: string;
  sectionId: number;
  readOnly: boolean;
  onChange(html: string): void;
}) {
  const { data, isError, isFetching } = useAdminCommentQuery({ questionnaireId, sectionId }, { refetchOnMountOrArgChange: true });
  if (isError) return <p className="notice notice-danger">{QuestionnaireListMessages.adminCommentFailed}</p>;
  if (!data || isFetching) return <Spinner label="Loading admin notes…" />;
  return (
    <section className="admin-notes" aria-labelledby={`admin-notes-${sectionId}`}>
      <h3 id={`admin-notes-${sectionId}`}>Admin Notes</h3>
      <p className="muted small">Visible to admins only; saved with the section.</p>
      <RichTextEditor
        key={`${questionnaireId}:${sectionId}`}
        label="Admin Notes"
        initialHtml={data.Comment}
        onChange={onChange}
        readOnly={readOnly}
      />
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
 * §4 says), the lock banner, admin notes for admins, carry-forward marks, and the
 * buttons of §2 by status and position.
 */
export function SectionPage({ step, info, onExit }: { step: QuestionnaireStep; info: QuestionnaireInfo; onExit(): Promise<void> }) {
  const sectionId = step.sectionId!;
  const navigate = useNavigate();
  const toast = useToast();
  const user = useAppSelector(selectUser);
  const principal = usePrincipal();
  const isAdmin = !!principal && isAdminPrincipal(principal);
  const { data, isFetching, isError, refetch } = useSectionQuestionsQuery(
    { SectionId: sectionId, GroupId: info.GroupId, QuestionnaireId: info.QuestionnaireId },
    { refetchOnMountOrArgChange: true },
  );
  const { data: ideraDeclaration = false } = useIderaDeclarationQuery(info.QuestionnaireId, {
    skip: !NEEDS_IDERA_DECLARATION.has(sectionId),
    refetchOnMountOrArgChange: true,
  });
  const [saveSection, saving] = useSaveSectionMutation();
  const [saveAdminComment] = useSaveAdminCommentMutation();
  const [confirmUnchanged, confirming] = useConfirmUnchangedMutation();
  const [models, setModels] = useState<Record<string, AnswerModel>>({});
  const [note, setNote] = useState<string | null>(null);
  const [loadVersion, setLoadVersion] = useState(0);

  useEffect(() => {
    if (!data) return;
    setModels(Object.fromEntries(data.Questions.map((q) => [q.Id, q.Model])));
    setNote(null);
    setLoadVersion((v) => v + 1);
  }, [data]);

  const open = info.Status === 'Open';
  const editable = open && !!data?.IsLocker;
  useSectionLock({
    questionnaireId: info.QuestionnaireId,
    sectionId,
    enabled: open && !!data,
    isLocker: !!data?.IsLocker,
    onLockChanged: () => void refetch(),
  });

  const visible = useMemo(() => {
    if (!data) return new Set<number>();
    const byIndex = new Map(data.Questions.map((q) => [q.Index, models[q.Id] ?? null]));
    return applyConditions(data.Questions, byIndex, { ideraDeclaration }).visible;
  }, [data, models, ideraDeclaration]);

  const localChanges = data
    ? data.Questions.filter(
        (q) => q.Carried && !q.Carried.IsNew && !sameAnswer(visible.has(q.Index) ? (models[q.Id] ?? null) : null, q.Carried.Model),
      ).length
    : 0;

  if (isError) return <p className="notice notice-danger">This section could not be loaded. Please try again.</p>;
  if (!data) return <Spinner label="Loading the section…" />;

  const { previous, next } = neighbours(step);
  const go = async (after: After) => {
    if (after === 'back' && previous) navigate(stepUrl(previous));
    if (after === 'next' && next) navigate(stepUrl(next));
    if ((after === 'next' && !next) || after === 'exit') await onExit();
  };

  const save = async (after: After) => {
    // hidden questions are sent cleared: the service would clear them anyway
    const questions = data.Questions.map((q) => ({ Id: q.Id, Model: visible.has(q.Index) ? (models[q.Id] ?? null) : null }));
    try {
      const result = await saveSection({ questionnaireId: info.QuestionnaireId, userId: user!.Id, questions }).unwrap();
      if (isAdmin && note !== null) await saveAdminComment({ questionnaireId: info.QuestionnaireId, sectionId, comment: note }).unwrap();
      toast.success(result.message);
      if (after === 'stay') await refetch();
      else await go(after);
    } catch (error) {
      // section save failures are logged (§8); a refusal's reason is also shown, nothing is lost on the page
      console.error('section save failed', error);
      toast.danger(serverMessage(error as never) ?? 'Your answers could not be saved. Please try again.', 6000);
    }
  };

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
      {isAdmin && step.group !== 'Intro Questions' && (
        <AdminNotes questionnaireId={info.QuestionnaireId} sectionId={sectionId} readOnly={!open} onChange={setNote} />
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
