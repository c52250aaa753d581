import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

import { applyConditions, EXPORT_STEPS, type QuestionnaireStep } from '@cti/contracts';

import { answerText } from '../answer-text';
import type { CurrentQuestionnaire } from '../current-questionnaire';
import { useIderaDeclarationQuery, usePrintQuestionnaireMutation, useSectionQuestionsQuery } from '../questionnaire-api';

import { EXPORT_CSS } from './export-css';

/** The spec's pause between the 15th part reporting loaded and posting the HTML. */
export const EXPORT_SETTLE_MS = 100;

export const exportFileName = (target: Pick<CurrentQuestionnaire, 'Country' | 'Period'>) =>
  `${target.Country} ${target.Period} Questionnaire.pdf`;

/** One part (intro, A1–A5, B1, E1–E8) in export mode: answers as text, no buttons, no lock taken. */
function ExportPart({
  target,
  step,
  ideraDeclaration,
  onLoaded,
}: {
  target: CurrentQuestionnaire;
  step: QuestionnaireStep;
  ideraDeclaration: boolean;
  onLoaded(): void;
}) {
  const { data, isError } = useSectionQuestionsQuery({
    SectionId: step.sectionId!,
    GroupId: target.GroupId,
    QuestionnaireId: target.QuestionnaireId,
    ignoreLock: true,
  });
  const reported = useRef(false);
  useEffect(() => {
    if ((data || isError) && !reported.current) {
      reported.current = true;
      onLoaded();
    }
  }, [data, isError, onLoaded]);
  const visible = useMemo(
    () =>
      data
        ? applyConditions(data.Questions, new Map(data.Questions.map((q) => [q.Index, q.Model])), { ideraDeclaration }).visible
        : new Set<number>(),
    [data, ideraDeclaration],
  );
  if (!data) return null;
  return (
    <section className="export-part">
      <h2>
        <span className="part">{step.part}</span> {data.Section.Title}
      </h2>
      {data.Section.Description && <p className="export-description">{data.Section.Description}</p>}
      {data.Questions.filter((q) => visible.has(q.Index)).map((q, i) => {
        const text = answerText(q, q.Model);
        return (
          <div className="export-question" key={q.Id}>
            <p className="text">
              {i + 1}. {q.Text}
            </p>
            {q.Type === 'wysiwyg' && text ? (
              <div className="answer" dangerouslySetInnerHTML={{ __html: text }} />
            ) : (
              <p className={`answer${text ? '' : ' empty'}`}>{text || 'No answer'}</p>
            )}
          </div>
        );
      })}
    </section>
  );
}

/**
 * Renders the whole questionnaire off-screen, waits until all 15 parts reported
 * loaded, then (after 100 ms) posts the rendered HTML to the PDF renderer and
 * downloads "<Country> <Period> Questionnaire.pdf".
 */
export function QuestionnaireExport({ target, onDone }: { target: CurrentQuestionnaire; onDone(error?: unknown): void }) {
  const root = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(0);
  const { data: ideraDeclaration, isError: ideraFailed } = useIderaDeclarationQuery(target.QuestionnaireId);
  const [print] = usePrintQuestionnaireMutation();
  const started = useRef(false);
  // the timer below must survive re-renders of the caller
  const latest = useRef({ target, onDone, print });
  latest.current = { target, onDone, print };
  const reportLoaded = useMemo(() => () => setLoaded((n) => n + 1), []);

  useEffect(() => {
    if (loaded < EXPORT_STEPS.length || started.current) return;
    started.current = true;
    window.setTimeout(() => {
      void (async () => {
        const { target, onDone, print } = latest.current;
        const filename = exportFileName(target);
        const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${filename}</title><style>${EXPORT_CSS}</style></head><body>${root.current?.innerHTML ?? ''}</body></html>`;
        try {
          const url = await print({ html, filename }).unwrap();
          const link = document.createElement('a');
          link.href = url;
          link.download = filename;
          document.body.appendChild(link);
          link.click();
          link.remove();
          window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
          onDone();
        } catch (error) {
          onDone(error ?? new Error('export failed'));
        }
      })();
    }, EXPORT_SETTLE_MS);
  }, [loaded]);

  if (ideraDeclaration === undefined && !ideraFailed) return null;
  return createPortal(
    <div className="questionnaire-export" aria-hidden="true" ref={root}>
      <header className="export-cover">
        <h1>
          {target.Country} {target.Period} Questionnaire
        </h1>
        <p>Compliance Index of the Cape Town Convention and its Aircraft Protocol</p>
      </header>
      {EXPORT_STEPS.map((step) => (
        <ExportPart key={step.path} target={target} step={step} ideraDeclaration={!!ideraDeclaration} onLoaded={reportLoaded} />
      ))}
    </div>,
    document.body,
  );
}
