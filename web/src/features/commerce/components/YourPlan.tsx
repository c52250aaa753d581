import { Link, useNavigate } from 'react-router';

import { Button } from '../../../components/form/fields';
import { formatDate } from '../../../lib/dates';
import { formatUsd } from '../money';
import { usePlanSwitch, type MyPlan } from '../my-plan';

/** Upgrading: a running subscription changes plan at the provider; otherwise the next plan is bought at checkout. */
export function useUpgrade(plan: MyPlan | null) {
  const { switchPlan, switching } = usePlanSwitch();
  const navigate = useNavigate();
  const upgrade = plan?.upgrade ?? null;
  const start = () => {
    if (upgrade?.subscriptionId && upgrade.planId) void switchPlan(upgrade.subscriptionId, upgrade.planId);
    else if (upgrade?.checkout) void navigate(upgrade.checkout);
  };
  return { start, switching, possible: !!upgrade && (!!upgrade.checkout || !!upgrade.subscriptionId) };
}

/** "Your plan": what the user holds, until when, and the upgrade where one exists. */
export function YourPlan({ plan, manageLink = true }: { plan: MyPlan; manageLink?: boolean }) {
  const { start, switching, possible } = useUpgrade(plan);
  const upgrade = plan.upgrade;
  return (
    <section className="card your-plan" aria-labelledby="your-plan-title">
      <div>
        <h2 id="your-plan-title" className="eyebrow">
          Your plan
        </h2>
        <p className="your-plan-name">{plan.label}</p>
        <p className="muted">
          {plan.renewsOn
            ? `Renews on ${formatDate(plan.renewsOn)}.`
            : plan.endsOn
              ? `Cancelled: access ends on ${formatDate(plan.endsOn)}.`
              : plan.subscription
                ? 'Cancelled.'
                : plan.kind === 'Free'
                  ? 'Scores and categories of every state, and the public scorecard.'
                  : plan.kind === 'None'
                    ? 'Your account has no Compliance Index access.'
                    : 'Given to your account by your organization or the Compliance Index team.'}{' '}
          {plan.subscription && manageLink && <Link to="/user/account">Manage in My account</Link>}
        </p>
      </div>
      {upgrade && (
        <div className="your-plan-upgrade">
          <p>
            <strong>{upgrade.label}</strong> adds{' '}
            {upgrade.to === 'Enhanced'
              ? 'score history charts, annotations, supporting documents and certified scorecards'
              : 'every scorecard with its details and the watchlist notices'}
            , {formatUsd(upgrade.price)} per annum.
          </p>
          <Button busy={switching} onClick={start} disabled={!possible}>
            Upgrade to {upgrade.label}
          </Button>
        </div>
      )}
    </section>
  );
}
