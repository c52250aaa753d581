import type { OwnedAccess } from '@cti/contracts';

import { certifiedScorecardsOf } from '../certified/repository';
import { countryNames } from '../countries/repository';
import type { CommerceExecutor } from '../db';
import { periodNames } from '../periods/repository';
import { kindOf } from '../products/grants';
import { findProductByPlan, productsByIds } from '../products/repository';
import { purchasesOfUser } from '../purchases/repository';

import { subscriptionsOfUser, type SubscriptionRow } from './repository';

/** A subscription that still gives access: not ended (a cancelled one lasts to its period's end). */
const inForce = (s: SubscriptionRow) => !s.endedAt && s.status !== 'CANCELLED';

/**
 * What a buyer owns now, from their own purchases: the plan and per-country subscriptions in
 * force, with renewal or end, and their certified scorecards (country and period), whether
 * the scorecard still shows that period (its PDF can be delivered) or not.
 */
export async function ownedBy(db: CommerceExecutor, userId: string): Promise<OwnedAccess> {
  const subscriptions = (await subscriptionsOfUser(db, userId)).filter(inForce);
  const productIds = [...new Set(subscriptions.map((s) => s.productId))];
  const products = new Map((productIds.length ? await productsByIds(db, productIds) : []).map((p) => [p.id, p]));
  const certified = (await purchasesOfUser(db, userId)).filter(
    (p) => kindOf(p.productName).certifiedScorecard && !p.refundedAt && !p.expiredAt && p.groupIds.length === 1 && p.periodId,
  );
  const groupIds = [...new Set([...subscriptions.flatMap((s) => s.groupIds), ...certified.map((p) => p.groupIds[0])])];
  const names = await countryNames(db, groupIds);
  const shownNow = await certifiedScorecardsOf(db, groupIds);
  const periodNamesOf = await periodNames(db, [...new Set(certified.map((p) => p.periodId!))]);

  const held = (s: SubscriptionRow) => ({
    SubscriptionId: s.id,
    ProductId: s.productId,
    Cancelled: s.cancelAtPeriodEnd,
    RenewsOn: s.cancelAtPeriodEnd ? null : s.currentPeriodEnd,
    EndsOn: s.cancelAtPeriodEnd ? s.currentPeriodEnd : null,
  });
  const result: OwnedAccess = { Plans: [], Countries: [], CertifiedScorecards: [] };
  for (const s of subscriptions) {
    const product = products.get(s.productId);
    if (!product) continue;
    const kind = kindOf(product.name);
    if (kind.perCountry) {
      for (const groupId of s.groupIds) result.Countries.push({ ...held(s), GroupId: groupId, Name: names.get(groupId) ?? groupId });
      continue;
    }
    const scheduled = s.scheduledPlanId ? await findProductByPlan(db, s.scheduledPlanId) : undefined;
    result.Plans.push({
      ...held(s),
      Name: product.name,
      ChangesTo: scheduled && s.currentPeriodEnd ? { Name: scheduled.name, On: s.currentPeriodEnd } : null,
    });
  }
  for (const p of certified) {
    const groupId = p.groupIds[0];
    result.CertifiedScorecards.push({
      GroupId: groupId,
      Country: names.get(groupId) ?? groupId,
      PeriodId: p.periodId!,
      Period: periodNamesOf.get(p.periodId!) ?? shownNow.get(groupId)?.periodName ?? p.periodId!,
      PurchasedOn: p.purchasedOn,
      Current: shownNow.get(groupId)?.periodId === p.periodId,
    });
  }
  result.Countries.sort((a, b) => a.Name.localeCompare(b.Name));
  return result;
}
