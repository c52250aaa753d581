import { useCallback, useMemo } from 'react';

import { currentPlan, offersPurchases, PLAN_OFFERS, type CurrentPlan, type PlanKey } from '@cti/access';
import { CommerceMessages, type Product, type Subscription } from '@cti/contracts';

import { usePrincipal } from '../../app/hooks';
import { useToast } from '../../components/toast/use-toast';

import { useMySubscriptionsQuery, useProductsQuery, useUpgradeSubscriptionMutation } from './commerce-api';
import { checkoutLink, productOf } from './offers';

export interface MyPlan extends CurrentPlan {
  /** The user's own running subscription to the plan they hold, if they bought it. */
  subscription: Subscription | null;
  /** When it renews, or when access ends once cancelled. */
  renewsOn: string | null;
  endsOn: string | null;
  /** The next plan up, how it is bought: a plan change of the running subscription, or a checkout. */
  upgrade: {
    to: PlanKey;
    label: string;
    price: number;
    checkout: string | null;
    subscriptionId: string | null;
    planId: string | null;
  } | null;
}

const running = (s: Subscription) => s.Details.status !== 'CANCELLED';
const endOf = (s: Subscription) => /Access ends on (\d{4}-\d{2}-\d{2})/.exec(s.Details.statusChangeNote ?? '')?.[1] ?? null;

/** The plan a signed-in user holds (from their roles), the subscription behind it, and the upgrade on offer. */
export function useMyPlan(): { plan: MyPlan | null; products: Product[]; loading: boolean } {
  const principal = usePrincipal();
  const { data: products = [], isLoading: loadingProducts } = useProductsQuery(undefined, { skip: !principal });
  const { data: mine = [], isLoading: loadingMine, isFetching: fetchingMine } = useMySubscriptionsQuery(undefined, { skip: !principal });
  const plan = useMemo<MyPlan | null>(() => {
    if (!principal) return null;
    const held = currentPlan(principal);
    const planProduct = held.kind === 'Standard' || held.kind === 'Enhanced' ? productOf(products, held.kind) : undefined;
    const countryProduct = held.kind === 'Country' ? productOf(products, 'Country') : undefined;
    const product = planProduct ?? countryProduct;
    const subscription =
      (product && (mine.find((s) => s.ProductId === product.Id && running(s)) ?? mine.find((s) => s.ProductId === product.Id))) || null;
    let upgrade: MyPlan['upgrade'] = null;
    if (held.upgradeTo && offersPurchases(principal)) {
      const target = productOf(products, held.upgradeTo);
      // a running Standard subscription moves to Enhanced by a plan change at the provider; anything else is a new checkout
      const switchable = !!subscription && running(subscription) && held.kind === 'Standard' && !!target?.planId;
      // no way up while the subscriptions load: a Standard subscription not known yet would be sold again at full price
      const known = !fetchingMine;
      upgrade = {
        to: held.upgradeTo,
        label: PLAN_OFFERS[held.upgradeTo].label,
        price: target?.Price ?? PLAN_OFFERS[held.upgradeTo].price,
        checkout: known && target && !switchable ? checkoutLink(target) : null,
        subscriptionId: known && switchable ? subscription.Id : null,
        planId: switchable ? target.planId : null,
      };
    }
    return {
      ...held,
      subscription,
      renewsOn: subscription && running(subscription) ? subscription.Details.nextBillingTime : null,
      endsOn: subscription && !running(subscription) ? endOf(subscription) : null,
      upgrade,
    };
  }, [principal, products, mine, fetchingMine]);
  return { plan, products, loading: loadingProducts || loadingMine };
}

/**
 * Moves a running subscription to another plan: the provider's approval page opens in a
 * new tab, opened before the call so the browser treats it as the click's own.
 */
export function usePlanSwitch() {
  const [upgrade, { isLoading }] = useUpgradeSubscriptionMutation();
  const toast = useToast();
  const switchPlan = useCallback(
    async (subscriptionId: string, planId: string) => {
      const tab = window.open('about:blank', '_blank');
      const result = await upgrade({ subscriptionId, planId });
      const approve = 'data' in result ? result.data?.links?.find((l) => l.rel === 'approve') : undefined;
      if (!approve) {
        tab?.close();
        toast.danger(CommerceMessages.upgradeFailed, 6000);
        return;
      }
      // the local provider answers a path of this app: resolved here, on the origin in use
      const href = new URL(approve.href, window.location.href).href;
      if (tab) tab.location.href = href;
      else window.location.assign(href);
    },
    [upgrade, toast],
  );
  return { switchPlan, switching: isLoading };
}

/** How the access a user holds reads after "your": "Standard plan", "country access", "administrator access". */
const ACCESS_WORDS: Partial<Record<CurrentPlan['kind'], string>> = {
  Admin: 'administrator access',
  Member: 'working-group member access',
  Respondent: 'country respondent access',
  Country: 'country access',
};

/** My account's line for a user with access but no subscription of their own (null for free users and those without access). */
export function accessWithoutSubscription(plan: Pick<CurrentPlan, 'kind' | 'label'>): string | null {
  if (plan.kind === 'Free' || plan.kind === 'None') return null;
  return `You have no subscription of your own: your ${ACCESS_WORDS[plan.kind] ?? plan.label} comes with your account.`;
}
