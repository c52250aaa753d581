import { useParams } from 'react-router';

import { Button, Spinner } from '../../components/form/fields';
import { useToast } from '../../components/toast/use-toast';
import { answerText } from '../../lib/api-error';
import { formatDate } from '../../lib/dates';

import { useApproveLocalPlanChangeMutation, useLocalPlanChangeQuery } from './commerce-api';
import { formatUsd } from './money';
import './commerce.css';

/**
 * /payment/local/approve/{changeId}: the local provider's approval page for a plan change
 * (what Stripe's customer portal shows): an upgrade starts now and charges the prorated
 * difference for the rest of the year; a downgrade starts at the renewal, charging nothing now.
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
            {change.upgrade ? (
              <>
                <p>
                  Your subscription moves from <strong>{change.fromPlan}</strong> to <strong>{change.toPlan}</strong>{' '}
                  {change.status === 'open' ? 'now' : `on ${formatDate(change.takesEffectOn)}`}.
                </p>
                <dl className="local-provider-summary">
                  <dt>{change.status === 'open' ? 'Charged now' : 'Charged'}</dt>
                  <dd>
                    <strong>{formatUsd(change.chargeNow)}</strong> USD: the difference between the two plans for the rest of your current
                    year
                    {change.periodEnd ? `, to ${formatDate(change.periodEnd)}` : ''}
                  </dd>
                  <dt>Then</dt>
                  <dd>{formatUsd(change.renewalPrice)} per year from your renewal</dd>
                </dl>
              </>
            ) : (
              <p>
                Your subscription moves from <strong>{change.fromPlan}</strong> to <strong>{change.toPlan}</strong> at your renewal
                {change.takesEffectOn ? ` on ${formatDate(change.takesEffectOn)}` : ''}, for {formatUsd(change.renewalPrice)} per year.
                Nothing is charged now, and you keep {change.fromPlan} until then.
              </p>
            )}
            {change.status === 'open' ? (
              <div className="cluster">
                <Button onClick={confirm} busy={approving}>
                  {change.upgrade ? `Approve and pay ${formatUsd(change.chargeNow)}` : 'Approve'}
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
