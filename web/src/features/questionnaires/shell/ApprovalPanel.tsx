import { useNavigate } from 'react-router';

import { QuestionnaireAnswers, QuestionnaireListMessages, type QuestionnaireInfo } from '@cti/contracts';

import { useAppSelector } from '../../../app/hooks';
import { Button } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { answerText as serverMessage } from '../../../lib/api-error';
import { formatShortDate } from '../../../lib/dates';
import { selectUser } from '../../auth/auth-slice';
import {
  useApproveMutation,
  useApprovedNamesQuery,
  useCanApproveQuery,
  useReadyForFinalizationQuery,
  useSubmitAsFinalMutation,
} from '../questionnaire-api';

/**
 * Approve (disabled when this user cannot approve), the names who approved the
 * current answers, and Submit As Final once the server says it is ready.
 * A closed questionnaire shows when it closed instead. Approvals made on another page
 * arrive through the questionnaire's change stream (the shell follows it).
 */
export function ApprovalPanel({ info, onClosed }: { info: QuestionnaireInfo; onClosed(): Promise<void> }) {
  const user = useAppSelector(selectUser)!;
  const toast = useToast();
  const navigate = useNavigate();
  const id = info.QuestionnaireId;
  const open = info.Status === 'Open';
  const { data: names = [] } = useApprovedNamesQuery(id, { refetchOnMountOrArgChange: true });
  const { data: canApprove = false } = useCanApproveQuery(
    { questionnaireId: id, userId: user.Id },
    { skip: !open, refetchOnMountOrArgChange: true },
  );
  const { data: ready = false } = useReadyForFinalizationQuery(id, { skip: !open, refetchOnMountOrArgChange: true });
  const [approve, approving] = useApproveMutation();
  const [submitAsFinal, submitting] = useSubmitAsFinalMutation();

  const onApprove = async () => {
    try {
      toast.success((await approve({ questionnaireId: id, userId: user.Id }).unwrap()).message);
    } catch (error) {
      toast.danger(serverMessage(error as never) ?? 'Your approval could not be recorded.');
    }
  };
  const onSubmit = async () => {
    try {
      await submitAsFinal(id).unwrap();
      toast.success(QuestionnaireAnswers.closedMessage);
      await onClosed();
      void navigate('/manage/questionnaires');
    } catch (error) {
      toast.danger(serverMessage(error as never) ?? QuestionnaireListMessages.saveFailed, 5000);
    }
  };

  return (
    <section className="approval-panel" aria-labelledby="approval-title">
      <h2 id="approval-title">Approval</h2>
      {open ? (
        <>
          <p className="small muted">
            Two law firms must approve the current answers before the questionnaire can be submitted as final. Changing an answer withdraws
            earlier approvals.
          </p>
          {info.ReopenedOn && (
            <p className="notice small reopened-notice" role="note">
              Reopened on {formatShortDate(info.ReopenedOn)}: the approvals given before it was reopened no longer count. Two law firms must
              approve again before it can be submitted as final.
            </p>
          )}
          <Button onClick={() => void onApprove()} disabled={!canApprove} busy={approving.isLoading}>
            Approve
          </Button>
          {ready && (
            <Button
              variant="primary"
              className="button button-primary submit-final"
              onClick={() => void onSubmit()}
              busy={submitting.isLoading}
            >
              Submit As Final
            </Button>
          )}
        </>
      ) : (
        <p>
          <strong>Closed</strong>
          {info.ClosedOn && <> on {formatShortDate(info.ClosedOn)}</>}.
        </p>
      )}
      <h3 className="small">Approved by</h3>
      {names.length ? (
        <ul className="approved-names">
          {names.map((a) => (
            <li key={`${a.Name}-${a.Stamp}`}>
              {a.Name}{' '}
              <span className="muted small">
                ({a.OrganizationName}, {formatShortDate(a.Stamp)})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="small muted">No approvals of the current answers yet.</p>
      )}
    </section>
  );
}
