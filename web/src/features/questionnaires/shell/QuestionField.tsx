import { useId, useState } from 'react';

import { isEmptyAnswer, sameAnswer, type AnswerModel, type Question } from '@cti/contracts';

import { RichTextEditor } from '../../../components/rich-text/RichTextEditor';
import { answerText, dayToModel, modelToDay } from '../answer-text';

export interface QuestionFieldProps {
  question: Question;
  /** Number shown before the text (1-based position among the visible questions). */
  number: number;
  value: AnswerModel;
  onChange(value: AnswerModel): void;
  readOnly: boolean;
  /** The answer shown was typed here and is not stored yet (it is kept in this browser's draft). */
  unsaved?: boolean;
  /** Name of the period the questionnaire started from (carry-forward). */
  carriedFrom: string | null;
  /** Autocomplete text that is none of the options of a question without free text (not taken). */
  refusedText?: string | null;
  onRefusedText?(text: string | null): void;
}

/** "Unchanged since …", "Changed since …" or "New question" against the carried-forward answer. */
function CarryBadge({ question, value, carriedFrom }: { question: Question; value: AnswerModel; carriedFrom: string | null }) {
  const carried = question.Carried;
  if (!carried || !carriedFrom) return null;
  if (carried.IsNew) return <span className="badge badge-new">New question</span>;
  if (sameAnswer(value, carried.Model))
    return isEmptyAnswer(value) ? null : <span className="badge badge-unchanged">Unchanged since {carriedFrom}</span>;
  const before = answerText(question, carried.Model);
  return (
    <span className="carry-changed">
      <span className="badge badge-changed">Changed since {carriedFrom}</span>{' '}
      <span className="muted small">
        Previous answer:{' '}
        {question.Type === 'wysiwyg' ? (
          <span className="prose-inline" dangerouslySetInnerHTML={{ __html: before || '<em>none</em>' }} />
        ) : (
          before || <em>none</em>
        )}
      </span>
    </span>
  );
}

/** What an autocomplete question shows for its answer: an option's label, or the typed free text. */
export const autocompleteText = (question: Question, value: AnswerModel) =>
  typeof value === 'number' ? (question.Options?.find((o) => o.Id === value)?.Label ?? '') : typeof value === 'string' ? value : '';

/**
 * Autocomplete: choosing (or typing) an option's label answers with that option. Other
 * text is kept as the answer where the question allows free text; elsewhere it is
 * refused on the spot and the answer stays what it was (the page will not save while
 * refused text is in the box).
 */
function Autocomplete({
  id,
  question,
  value,
  onChange,
  readOnly,
  describedBy,
  refusedText,
  onRefusedText,
}: {
  id: string;
  question: Question;
  value: AnswerModel;
  onChange(v: AnswerModel): void;
  readOnly: boolean;
  describedBy: string;
  refusedText: string | null;
  onRefusedText(text: string | null): void;
}) {
  const options = question.Options ?? [];
  const current = autocompleteText(question, value);
  const [draft, setDraft] = useState<string | null>(refusedText);
  const listId = `${id}-options`;
  const errorId = `${id}-error`;
  return (
    <>
      <input
        id={id}
        type="text"
        list={listId}
        value={draft ?? current}
        readOnly={readOnly}
        aria-describedby={[describedBy, refusedText !== null ? errorId : ''].filter(Boolean).join(' ') || undefined}
        aria-invalid={refusedText !== null || undefined}
        autoComplete="off"
        placeholder={question.FreeText ? 'Choose from the list or type your own answer…' : 'Start typing to choose…'}
        onChange={(e) => {
          const text = e.target.value;
          const typed = text.trim();
          const match = options.find((o) => o.Label.toLowerCase() === typed.toLowerCase());
          setDraft(text);
          if (!typed) {
            onChange(null);
            onRefusedText(null);
          } else if (match) {
            onChange(match.Id);
            onRefusedText(null);
          } else if (question.FreeText) {
            onChange(text);
            onRefusedText(null);
          } else {
            // the stored answer stays: this question takes one of its options only
            onRefusedText(text);
          }
        }}
        onBlur={() => {
          if (refusedText === null) setDraft(null);
        }}
      />
      <datalist id={listId}>
        {options.map((o) => (
          <option key={o.Id} value={o.Label} />
        ))}
      </datalist>
      {refusedText !== null && (
        <small id={errorId} className="field-error" role="alert">
          {refusedTextMessage(refusedText, current)}
        </small>
      )}
    </>
  );
}

/** Why typed autocomplete text was not taken, and what the answer still is. */
export const refusedTextMessage = (text: string, current: string) =>
  `"${text.trim()}" is not one of the options. Choose one from the list; the answer stays ${current ? `"${current}"` : 'unanswered'} until you do.`;

function Tags({
  id,
  question,
  value,
  onChange,
  readOnly,
}: {
  id: string;
  question: Question;
  value: AnswerModel;
  onChange(v: AnswerModel): void;
  readOnly: boolean;
}) {
  const selected = Array.isArray(value) ? value : [];
  const options = question.Options ?? [];
  const remaining = options.filter((o) => !selected.includes(o.Id));
  return (
    <div className="tags">
      <ul className="tag-list" aria-label="Selected">
        {selected.map((idValue) => (
          <li key={idValue} className="tag">
            {options.find((o) => o.Id === idValue)?.Label ?? idValue}
            {!readOnly && (
              <button
                type="button"
                className="tag-remove"
                aria-label={`Remove ${options.find((o) => o.Id === idValue)?.Label ?? idValue}`}
                onClick={() => onChange(selected.filter((s) => s !== idValue))}
              >
                ×
              </button>
            )}
          </li>
        ))}
        {!selected.length && <li className="muted small">None selected</li>}
      </ul>
      {!readOnly && remaining.length > 0 && (
        <select
          id={id}
          aria-label="Add"
          value=""
          onChange={(e) => {
            const picked = Number(e.target.value);
            if (picked) onChange([...selected, picked]);
          }}
        >
          <option value="">Add…</option>
          {remaining.map((o) => (
            <option key={o.Id} value={o.Id}>
              {o.Label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

/** One question of a section page, by its type. */
export function QuestionField({
  question,
  number,
  value,
  onChange,
  readOnly,
  unsaved = false,
  carriedFrom,
  refusedText = null,
  onRefusedText = () => undefined,
}: QuestionFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const helpId = question.Help ? `${id}-help` : '';
  const label = (
    <>
      <span className="question-number">{number}.</span> {question.Text}
    </>
  );
  const badge = (
    <>
      <CarryBadge question={question} value={value} carriedFrom={carriedFrom} />
      {unsaved && <span className="badge badge-unsaved">Not saved yet</span>}
    </>
  );
  const help = question.Help ? (
    <small id={helpId} className="field-hint">
      {question.Help}
    </small>
  ) : null;

  if (question.Type === 'radio' || question.Type === 'checkbox') {
    const list = Array.isArray(value) ? value : [];
    return (
      <fieldset className="question" data-question={question.Id} disabled={readOnly}>
        <legend id={labelId}>{label}</legend>
        {badge}
        {help}
        <div className="choice-list">
          {(question.Options ?? []).map((o) => (
            <label key={o.Id} className="choice">
              {question.Type === 'radio' ? (
                <input type="radio" name={id} value={o.Id} checked={value === o.Id} onChange={() => onChange(o.Id)} />
              ) : (
                <input
                  type="checkbox"
                  value={o.Id}
                  checked={list.includes(o.Id)}
                  onChange={(e) => onChange(e.target.checked ? [...list, o.Id] : list.filter((x) => x !== o.Id))}
                />
              )}
              <span>{o.Label}</span>
            </label>
          ))}
        </div>
        {question.Type === 'radio' && value !== null && !readOnly && (
          <button type="button" className="button-link small" onClick={() => onChange(null)}>
            Clear answer
          </button>
        )}
      </fieldset>
    );
  }

  let control;
  switch (question.Type) {
    case 'textarea':
      control = (
        <textarea
          id={id}
          value={typeof value === 'string' ? value : ''}
          readOnly={readOnly}
          aria-describedby={helpId || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'number':
      control = (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          value={typeof value === 'number' ? value : ''}
          min={typeof question.Min === 'number' ? question.Min : undefined}
          max={question.Max}
          readOnly={readOnly}
          aria-describedby={helpId || undefined}
          onChange={(e) => onChange(e.target.value === '' || Number.isNaN(e.target.valueAsNumber) ? null : e.target.valueAsNumber)}
        />
      );
      break;
    case 'date':
      control = (
        <input
          id={id}
          type="date"
          min={typeof question.Min === 'string' ? question.Min : '2000-01-01'}
          value={modelToDay(value)}
          readOnly={readOnly}
          aria-describedby={helpId || undefined}
          onChange={(e) => onChange(dayToModel(e.target.value))}
        />
      );
      break;
    case 'select':
      control = (
        <select
          id={id}
          value={typeof value === 'number' ? value : ''}
          disabled={readOnly}
          aria-describedby={helpId || undefined}
          onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
        >
          <option value="">Select…</option>
          {(question.Options ?? []).map((o) => (
            <option key={o.Id} value={o.Id}>
              {o.Label}
            </option>
          ))}
        </select>
      );
      break;
    case 'autocomplete':
      control = (
        <Autocomplete
          id={id}
          question={question}
          value={value}
          onChange={onChange}
          readOnly={readOnly}
          describedBy={helpId}
          refusedText={refusedText}
          onRefusedText={onRefusedText}
        />
      );
      break;
    case 'tags':
      control = <Tags id={id} question={question} value={value} onChange={onChange} readOnly={readOnly} />;
      break;
    case 'wysiwyg':
      control = (
        <RichTextEditor
          id={id}
          label={question.Text}
          initialHtml={typeof value === 'string' ? value : ''}
          onChange={(html) => onChange(html || null)}
          readOnly={readOnly}
        />
      );
      break;
    default:
      control = (
        <input
          id={id}
          type="text"
          value={typeof value === 'string' ? value : ''}
          readOnly={readOnly}
          aria-describedby={helpId || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  return (
    <div className="field question" data-question={question.Id}>
      <label id={labelId} htmlFor={id}>
        {label}
      </label>
      {badge}
      {help}
      {control}
    </div>
  );
}
