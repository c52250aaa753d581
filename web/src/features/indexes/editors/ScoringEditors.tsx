import { useState, type ReactNode } from 'react';

import { ScoringMessages, type AdminQuestionnaireRow, type EnforceabilityScoring, type QuestionnaireScoring } from '@cti/contracts';
import {
  complianceCategory,
  complianceScore,
  ENFORCEABILITY_VARIABLE_NAMES,
  ENFORCEABILITY_VARIABLES,
  enforceabilityCategory,
  enforceabilityScore,
  PBA_LABELS,
  VARIABLE_NAMES,
  VARIABLES,
  type EnforceabilityVariable,
  type Variable,
} from '@cti/scoring-rules';

import { Button, CheckboxField, SelectField, Spinner } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
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
function QuestionnaireEditorForm({ record, onClose }: { record: QuestionnaireScoring; onClose(): void }) {
  const closed = record.Status === 'Closed';
  const [values, setValues] = useState(() => inputText(VARIABLES, record));
  const [flags, setFlags] = useState({
    Suspended: record.Suspended,
    isPBA: record.isPBA,
    PBA: record.PBA ?? 1,
    QualifyingDeclarations: record.QualifyingDeclarations,
    Watchlist: record.Watchlist,
    IsSpecialNotice: record.IsSpecialNotice,
  });
  const [notice, setNotice] = useState(record.Notice ?? '');
  const [texts, setTexts] = useState(() => textsOf(record));
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
      title={`Questionnaire editor: ${record.Entity}, ${record.Period}`}
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
          label="isPBA (precedent-based adjustment)"
          checked={flags.isPBA}
          onChange={(e) => setFlags({ ...flags, isPBA: e.target.checked })}
        />
        <SelectField
          label="Precedent adjustment"
          value={flags.PBA}
          disabled={!flags.isPBA}
          onChange={(e) => setFlags({ ...flags, PBA: Number(e.target.value) })}
        >
          {([1, 2, 3] as const).map((level) => (
            <option key={level} value={level}>
              {PBA_LABELS[level]}
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
          <span className="field-label">Notice (shown under #notices with the watchlist)</span>
          <RichTextEditor label="Notice" initialHtml={notice} readOnly={closed} onChange={setNotice} />
        </div>
      </fieldset>
      <TextEditors texts={texts} onChange={setTexts} disabled={closed} />
      <AnnotationUpload target={{ type: 1, QuestionnaireId: record.Id }} disabled={closed} />
    </EditorShell>
  );
}

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
  const [values, setValues] = useState(() => inputText(ENFORCEABILITY_VARIABLES, record));
  const [texts, setTexts] = useState(() => textsOf(record));
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
      title={`Enforceability editor: ${record.Entity}, ${record.Period}`}
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
      <TextEditors texts={texts} onChange={setTexts} disabled={closed} />
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
 * was opened. The form mounts once the current values are loaded.
 */
export function ScoringEditor({ target, onClose }: { target: ScoringEditorTarget; onClose(): void }) {
  const { data, isFetching, isError } = useScoringInputsQuery(target.row.QuestionnaireId, { refetchOnMountOrArgChange: true });
  if (isError) {
    return (
      <Modal open title="Scoring editor" onClose={onClose}>
        <p className="notice notice-danger">The scoring inputs of {target.row.Entity} could not be loaded.</p>
      </Modal>
    );
  }
  if (!data || isFetching) {
    return (
      <Modal open title={`Loading ${target.row.Entity}, ${target.row.Period}`} onClose={onClose}>
        <Spinner />
      </Modal>
    );
  }
  return target.kind === 'questionnaire' ? (
    <QuestionnaireEditorForm record={data.Questionnaire} onClose={onClose} />
  ) : (
    <EnforceabilityEditorForm
      record={data.Enforceability}
      closed={data.Questionnaire.Status === 'Closed'}
      questionnaireId={target.row.QuestionnaireId}
      onClose={onClose}
    />
  );
}
