import { useParams } from 'react-router';

import { Button, Spinner } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';

import { useApproveLocalPlanChangeMutation, useLocalPlanChangeQuery } from './commerce-api';
import './commerce.css';

/**
 * /payment/local/approve/{changeId}: the local provider's approval page for a plan
 * change (what Stripe's customer portal shows for an upgrade or downgrade).
 */
export default function LocalPlanApprovalPage() {
  const { changeId = '' } = useParams();
  const { data: change, error, isLoading } = useLocalPlanChangeQuery(changeId);
  const [approve, { isLoading: approving }] = useApproveLocalPlanChangeMutation();
  const toast = useToast();

  const confirm = async () => {
    const result = await approve(changeId);
    if ('error' in result) toast.danger(answerText(result.error) ?? 'The plan could not be changed.');
    else window.location.assign(result.data.redirectUrl);
  };

  return (
    <section className="local-provider" aria-labelledby="local-approval-title">
      <div className="card narrow stack">
        <p className="eyebrow">Local payment provider · no card is charged</p>
        <h1 id="local-approval-title">Approve your new plan</h1>
        {isLoading && <Spinner />}
        {error && <p className="notice notice-danger">{answerText(error) ?? 'This plan change does not exist.'}</p>}
        {change && (
          <>
            <p>
              Your subscription moves from <strong>{change.fromPlan}</strong> to <strong>{change.toPlan}</strong> from now on.
            </p>
            {change.status === 'open' ? (
              <div className="cluster">
                <Button onClick={confirm} busy={approving}>
                  Approve
                </Button>
                <a className="button button-secondary" href={change.returnUrl}>
                  Cancel
                </a>
              </div>
            ) : (
              <p className="notice">This change has been approved.</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}
