import type { QuestionChangesBody } from '@cti/contracts';

import { Spinner } from '../../../components/form/fields';
import { Modal } from '../../../components/modal/Modal';
import { formatShortDateTime } from '../../../lib/dates';
import { useQuestionChangesQuery } from '../audit-api';

import { AnswerDiff } from './AnswerDiff';
import '../audit.css';

export interface ChangeHistoryModalProps {
  /** The question whose history to show; null keeps the modal closed. */
  question: QuestionChangesBody | null;
  onClose(): void;
}

/**
 * The change-history modal: every change of one question of one
 * questionnaire, newest first, with who changed it, when, and what changed.
 */
export function ChangeHistoryModal({ question, onClose }: ChangeHistoryModalProps) {
  const { data, isFetching, isError } = useQuestionChangesQuery(question ?? { questionId: '', questionnaireId: '', groupId: '' }, {
    skip: !question,
    refetchOnMountOrArgChange: true,
  });
  const first = data?.[0];
  return (
    <Modal open={!!question} title="Change history" onClose={onClose} width={960}>
      {isFetching && !data ? (
        <Spinner label="Loading the change history…" />
      ) : isError ? (
        <p className="notice notice-danger">The change history could not be loaded.</p>
      ) : !data?.length ? (
        <p className="muted">This question has no recorded changes.</p>
      ) : (
        <div className="stack">
          {/* the question as HTML, escaped by the audit service */}
          <p className="change-history-question" dangerouslySetInnerHTML={{ __html: first!.Question }} />
          <p className="muted">
            {first!.Group}, {first!.Period}
          </p>
          <ol className="change-history" aria-label="Changes, newest first">
            {data.map((change) => (
              <li key={change.Id} className="change-history-entry">
                <p className="change-history-meta">
                  <strong>{change.User}</strong> <time dateTime={change.Stamp}>{formatShortDateTime(change.Stamp)} UTC</time>
                </p>
                <AnswerDiff before={change.Before} after={change.Answer} />
              </li>
            ))}
          </ol>
        </div>
      )}
    </Modal>
  );
}
