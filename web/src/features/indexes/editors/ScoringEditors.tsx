import { useCallback, useState, type ReactNode } from 'react';

import { ScoringMessages, type AdminQuestionnaireRow, type EnforceabilityScoring, type QuestionnaireScoring } from '@cti/contracts';
import {
  complianceCategory,
  complianceScore,
  ENFORCEABILITY_VARIABLE_NAMES,
  ENFORCEABILITY_VARIABLES,
  enforceabilityCategory,
  enforceabilityScore,
  PBA_LABELS,
  PBA_LEVEL_NAMES,
  VARIABLE_NAMES,
  VARIABLES,
  type EnforceabilityVariable,
  type Variable,
} from '@cti/scoring-rules';

import { Button, CheckboxField, SelectField, Spinner } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { asEditorHtml } from '../../../components/rich-text/rich-text-html';
import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { useToast } from '../../../components/toast/use-toast';
import { CategoryBadge } from '../components/CategoryBadge';

import { AnnotationUpload } from './AnnotationUpload';
import { useSaveEnforceabilityMutation, useSaveQuestionnaireScoresMutation, useScoringInputsQuery } from './editors-api';
import { parseInputs, ScoreInput } from './ScoreInput';
import '../indexes.css';

type Texts = { ExplanatoryComments: string; ImprovingScore: string; Acknowledgements: string };
const textsOf = (r: { ExplanatoryComments: string | null; ImprovingScore: string | null; Acknowledgements: string | null }): Texts => ({
  ExplanatoryComments: r.ExplanatoryComments ?? '',
  ImprovingScore: r.ImprovingScore ?? '',
  Acknowledgements: r.Acknowledgements ?? '',
});
const inputText = <K extends string>(keys: readonly K[], record: Record<K, number>) =>
  Object.fromEntries(keys.map((k) => [k, String(record[k])])) as Record<K, string>;

/** The form's fields holding rich text: compared as the editor writes them, so loaded text does not count as changed. */
const RICH_TEXT_FIELDS = new Set<string>(['notice', 'ExplanatoryComments', 'ImprovingScore', 'Acknowledgements']);
const comparable = (form: object) =>
  JSON.stringify(form, (key, value: unknown) => (RICH_TEXT_FIELDS.has(key) && typeof value === 'string' ? asEditorHtml(value) : value));

/**
 * An editor's form, filled from its record while rendering, and refilled the same way from
 * each newer load of the record (a refetch after a save, failed or not, or another admin's
 * save) only while the admin has changed nothing since the last fill: what they typed is
 * never replaced. RTK Query keeps the same record object for a refetch that found nothing
 * new. Also returns a number that changes with each refill, to key the rich text editors
 * (uncontrolled) with so they show the refilled text.
 */
function useRecordForm<R, F extends object>(
  record: R,
  formOf: (record: R) => F,
): [F, <K extends keyof F>(field: K, value: F[K]) => void, number] {
  const [state, setState] = useState(() => ({ record, form: formOf(record), fills: 0 }));
  if (state.record !== record) {
    const edited = comparable(state.form) !== comparable(formOf(state.record));
    setState(edited ? { ...state, record } : { record, form: formOf(record), fills: state.fills + 1 });
  }
  const set = useCallback(
    <K extends keyof F>(field: K, value: F[K]) => setState((s) => ({ ...s, form: { ...s.form, [field]: value } })),
    [],
  );
  return [state.form, set, state.fills];
}

function TextEditors({ texts, onChange, disabled }: { texts: Texts; onChange(t: Texts): void; disabled: boolean }) {
  const field = (key: keyof Texts, label: string) => (
    <div className="field">
      <span className="field-label" id={`label-${key}`}>
        {label}
      </span>
      <RichTextEditor label={label} initialHtml={texts[key]} readOnly={disabled} onChange={(html) => onChange({ ...texts, [key]: html })} />
    </div>
  );
  return (
    <>
      {field('ExplanatoryComments', 'Explanatory comments')}
      {field('ImprovingScore', 'Improving the score')}
      {field('Acknowledgements', 'Acknowledgements')}
    </>
  );
}

const ClosedNotice = () => <p className="notice notice-warning">{ScoringMessages.closed}</p>;

function Computed({ score, category }: { score: number | null; category: string }) {
  return (
    <p className="computed-score" aria-live="polite">
      Score (computed): <strong>{score ?? '—'}</strong> {score !== null && <CategoryBadge category={category} />}
    </p>
  );
}

/**
 * What both editors share: the 960-wide modal with Cancel and Save, the form (Enter
 * saves), the closed-questionnaire notice, and the spec's toasts for the save's outcome.
 */
function EditorShell({
  title,
  closed,
  canSave,
  busy,
  save,
  onClose,
  children,
}: {
  title: string;
  closed: boolean;
  canSave: boolean;
  busy: boolean;
  /** Sends the save; resolves to whether the server accepted it. */
  save(): Promise<boolean>;
  onClose(): void;
  children: ReactNode;
}) {
  const toast = useToast();
  const submit = async () => {
    if (!canSave) return;
    if (await save()) {
      toast.success(ScoringMessages.saved);
      onClose();
    } else toast.danger(ScoringMessages.saveFailed, 5000);
  };
  return (
    <Modal
      open
      width={960}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} busy={busy} disabled={closed || !canSave}>
            Save
          </Button>
        </>
      }
    >
      <form
        className="scoring-editor stack"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {closed && <ClosedNotice />}
        {children}
      </form>
    </Modal>
  );
}

/** The questionnaire editor (its modal, the data model and validation rules): A–F, flags, PBA, notice, texts, annotation. */
const questionnaireForm = (record: QuestionnaireScoring) => ({
  values: inputText(VARIABLES, record),
  flags: {
    Suspended: record.Suspended,
    isPBA: record.isPBA,
    PBA: record.PBA ?? 1,
    QualifyingDeclarations: record.QualifyingDeclarations,
    Watchlist: record.Watchlist,
    IsSpecialNotice: record.IsSpecialNotice,
  },
  notice: record.Notice ?? '',
  texts: textsOf(record),
});

function QuestionnaireEditorForm({ record, onClose }: { record: QuestionnaireScoring; onClose(): void }) {
  const closed = record.Status === 'Closed';
  const [{ values, flags, notice, texts }, set, fills] = useRecordForm(record, questionnaireForm);
  const setValues = (next: typeof values) => set('values', next);
  const setFlags = (next: typeof flags) => set('flags', next);
  const [save, { isLoading }] = useSaveQuestionnaireScoresMutation();
  const inputs = parseInputs<Variable>(values);
  const score = inputs ? complianceScore(inputs, flags.isPBA, flags.PBA) : null;

  const send = async () => {
    const result = await save({
      Id: record.Id,
      ...inputs!,
      ...flags,
      PBA: flags.isPBA ? flags.PBA : null,
      Notice: notice,
      ...texts,
      // sent as the spec's body has them; the server computes its own
      Score: score,
      Category: complianceCategory(score),
    });
    return 'data' in result && !!result.data;
  };

  return (
    <EditorShell
      title={`Scores and notices: ${record.Entity}, ${record.Period}`}
      closed={closed}
      canSave={!!inputs}
      busy={isLoading}
      save={send}
      onClose={onClose}
    >
      <fieldset disabled={closed}>
        <legend>Scoring inputs</legend>
        <div className="score-inputs">
          {VARIABLES.map((v) => (
            <ScoreInput
              key={v}
              variable={v}
              name={VARIABLE_NAMES[v]}
              value={values[v]}
              onChange={(next) => setValues({ ...values, [v]: next })}
            />
          ))}
        </div>
        <Computed score={score} category={complianceCategory(score)} />
      </fieldset>
      <fieldset disabled={closed} className="cluster editor-flags">
        <legend>Status</legend>
        <CheckboxField label="Suspended" checked={flags.Suspended} onChange={(e) => setFlags({ ...flags, Suspended: e.target.checked })} />
        <CheckboxField
          label="Qualifying declarations made"
          checked={flags.QualifyingDeclarations}
          onChange={(e) => setFlags({ ...flags, QualifyingDeclarations: e.target.checked })}
        />
        <CheckboxField label="Watchlist" checked={flags.Watchlist} onChange={(e) => setFlags({ ...flags, Watchlist: e.target.checked })} />
        <CheckboxField
          label="Apply a precedent adjustment"
          checked={flags.isPBA}
          onChange={(e) => setFlags({ ...flags, isPBA: e.target.checked })}
        />
        <SelectField
          label="Precedent level"
          value={flags.PBA}
          disabled={!flags.isPBA}
          onChange={(e) => setFlags({ ...flags, PBA: Number(e.target.value) })}
        >
          {([1, 2, 3] as const).map((level) => (
            <option key={level} value={level}>
              {PBA_LEVEL_NAMES[level]} (adjustment {PBA_LABELS[level]})
            </option>
          ))}
        </SelectField>
      </fieldset>
      <fieldset disabled={closed}>
        <legend>Special notice</legend>
        <CheckboxField
          label="Show a special notice"
          checked={flags.IsSpecialNotice}
          onChange={(e) => setFlags({ ...flags, IsSpecialNotice: e.target.checked })}
        />
        <div className="field">
          <span className="field-label">Notice text (shown on the scorecard under Notices, with the watchlist)</span>
          <RichTextEditor key={fills} label="Notice text" initialHtml={notice} readOnly={closed} onChange={(html) => set('notice', html)} />
        </div>
      </fieldset>
      <TextEditors key={fills} texts={texts} onChange={(next) => set('texts', next)} disabled={closed} />
      <AnnotationUpload target={{ type: 1, QuestionnaireId: record.Id }} disabled={closed} />
    </EditorShell>
  );
}

const enforceabilityForm = (record: EnforceabilityScoring) => ({
  values: inputText(ENFORCEABILITY_VARIABLES, record),
  texts: textsOf(record),
});

/** The enforceability editor: A–D and its texts, plus the enforceability annotation. */
function EnforceabilityEditorForm({
  record,
  closed,
  questionnaireId,
  onClose,
}: {
  record: EnforceabilityScoring;
  closed: boolean;
  questionnaireId: string;
  onClose(): void;
}) {
  const [{ values, texts }, set, fills] = useRecordForm(record, enforceabilityForm);
  const setValues = (next: typeof values) => set('values', next);
  const [save, { isLoading }] = useSaveEnforceabilityMutation();
  const inputs = parseInputs<EnforceabilityVariable>(values);
  const score = inputs ? enforceabilityScore(inputs) : null;

  const send = async () => {
    const result = await save({
      QuestionnaireId: questionnaireId,
      GroupId: record.GroupId,
      PeriodId: record.PeriodId,
      ...inputs!,
      ...texts,
      Score: score,
      Category: enforceabilityCategory(score),
    });
    return 'data' in result && !!result.data;
  };

  return (
    <EditorShell
      title={`Enforceability scores: ${record.Entity}, ${record.Period}`}
      closed={closed}
      canSave={!!inputs}
      busy={isLoading}
      save={send}
      onClose={onClose}
    >
      <fieldset disabled={closed}>
        <legend>Enforceability inputs</legend>
        <div className="score-inputs">
          {ENFORCEABILITY_VARIABLES.map((v) => (
            <ScoreInput
              key={v}
              variable={v}
              name={ENFORCEABILITY_VARIABLE_NAMES[v]}
              value={values[v]}
              onChange={(next) => setValues({ ...values, [v]: next })}
            />
          ))}
        </div>
        <Computed score={score} category={enforceabilityCategory(score)} />
      </fieldset>
      <TextEditors key={fills} texts={texts} onChange={(next) => set('texts', next)} disabled={closed} />
      <AnnotationUpload target={{ type: 2, GroupId: record.GroupId, PeriodId: record.PeriodId }} disabled={closed} />
    </EditorShell>
  );
}

export interface ScoringEditorTarget {
  kind: 'questionnaire' | 'enforceability';
  row: AdminQuestionnaireRow;
}

/**
 * The scoring editors of the admin questionnaire list: render with the row whose editor
 * was opened. The form mounts once the current values are loaded and stays mounted while
 * they are fetched again (a save, failed or not, reloads them), so what was typed stays.
 */
export function ScoringEditor({ target, onClose }: { target: ScoringEditorTarget; onClose(): void }) {
  // currentData: the values of this row only, never those of a row opened before
  const { currentData: data, isError } = useScoringInputsQuery(target.row.QuestionnaireId, { refetchOnMountOrArgChange: true });
  if (!data && isError) {
    return (
      <Modal open title="Scores and notices" onClose={onClose}>
        <p className="notice notice-danger">The scoring inputs of {target.row.Entity} could not be loaded.</p>
      </Modal>
    );
  }
  if (!data) {
    return (
      <Modal open title={`Loading ${target.row.Entity}, ${target.row.Period}`} onClose={onClose}>
        <Spinner />
      </Modal>
    );
  }
  return target.kind === 'questionnaire' ? (
    <QuestionnaireEditorForm key={target.row.QuestionnaireId} record={data.Questionnaire} onClose={onClose} />
  ) : (
    <EnforceabilityEditorForm
      key={target.row.QuestionnaireId}
      record={data.Enforceability}
      closed={data.Questionnaire.Status === 'Closed'}
      questionnaireId={target.row.QuestionnaireId}
      onClose={onClose}
    />
  );
}
