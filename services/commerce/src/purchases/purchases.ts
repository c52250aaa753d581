import {
  instantOf,
  dollarsOfCents,
  type AccessClaims,
  type PurchaseHistoryRow,
  type PurchaseLogRow,
  type PurchaseReportBody,
} from '@cti/contracts';
import { BadRequest } from '@cti/service-kit';

import { countryNames } from '../countries/repository';
import type { CommerceExecutor, PaymentReason } from '../db';
import { periodNames } from '../periods/repository';
import { kindOf } from '../products/grants';

import { purchasesBetween, purchasesOfUser, type PurchaseRow } from './repository';
import { spelledDay } from './spelled-day';

/** What an order or purchase is about: the product, and the countries and period it was bought for. */
export interface Orderable {
  productName: string;
  groupIds: readonly string[];
  periodId?: string | null;
  /** A plan change's payment is named as one: the prorated difference from the plan it left. */
  reason?: PaymentReason;
  previousProductName?: string | null;
  accessExpiresOn?: string;
}

/**
 * What was bought, in the words checkout, receipts and histories use: one country's
 * certified scorecard is "Sri Lanka — certified scorecard, 2026 2nd Q"; a per-country
 * subscription "France, Germany — per-country subscription" (so the thank-you page's button
 * reads "Open Spain — per-country subscription"); anything else the product's name.
 */
export async function purchaseNames(db: CommerceExecutor, rows: readonly Orderable[]): Promise<string[]> {
  const names = await countryNames(db, [...new Set(rows.flatMap((r) => r.groupIds))]);
  const periods = await periodNames(db, [...new Set(rows.flatMap((r) => (r.periodId ? [r.periodId] : [])))]);
  return rows.map((r) => {
    if (r.reason === 'plan_change') {
      const from = r.previousProductName ? ` from ${r.previousProductName}` : '';
      // the day spelled out, as the pages that list it write their other dates ("March 1, 2032")
      const until = r.accessExpiresOn ? ` to ${spelledDay(r.accessExpiresOn)}` : '';
      return `${r.productName} — upgrade${from}, the prorated difference${until}`;
    }
    const countries = r.groupIds.map((id) => names.get(id)).filter((n): n is string => !!n);
    if (kindOf(r.productName).certifiedScorecard && countries.length === 1) {
      const period = r.periodId ? periods.get(r.periodId) : undefined;
      return `${countries[0]} — certified scorecard${period ? `, ${period}` : ''}`;
    }
    if (kindOf(r.productName).perCountry && countries.length) return `${countries.join(', ')} — per-country subscription`;
    return countries.length ? `${r.productName} (${countries.join(', ')})` : r.productName;
  });
}

/** Where every buyer finds their certified scorecards and downloads them, whatever else their plan opens. */
export const CERTIFIED_SCORECARDS_LINK = '/user/account#certified';

/**
 * Where a purchase is used: certified scorecards on My plan (where any buyer, a free user
 * too, downloads them; a scorecard page may be closed to them), a bought country's
 * scorecard, or the index.
 */
export function purchaseLink(row: Pick<PurchaseRow, 'productName' | 'groupIds'>): string {
  const kind = kindOf(row.productName);
  if (kind.certifiedScorecard) return CERTIFIED_SCORECARDS_LINK;
  if (row.groupIds.length === 1 && kind.perCountry) return `/index/${row.groupIds[0]}`;
  return '/index';
}

/** GET api/purchase: the signed-in user's purchases, newest first. */
export async function purchaseHistory(db: CommerceExecutor, claims: AccessClaims): Promise<PurchaseHistoryRow[]> {
  const rows = await purchasesOfUser(db, claims.sub);
  const names = await purchaseNames(db, rows);
  return rows.map((row, i) => ({
    Id: row.id,
    Name: row.refundedAt ? `${names[i]} (refunded)` : names[i],
    Date: row.purchasedOn,
    Link: purchaseLink(row),
    Amount: dollarsOfCents(row.amountCents),
    Currency: row.currency,
    TransactionId: row.transactionId,
    AccessEndsOn: row.accessExpiresOn,
    Refunded: !!row.refundedAt,
  }));
}

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** A date means the whole day (UTC); a date-time is taken as it is. The end is exclusive. */
function rangeOf(body: PurchaseReportBody): { from: string; until: string } {
  // a day that does not exist (2026-02-30) is refused, not moved to another
  const from = instantOf(body.start);
  const end = instantOf(body.end);
  if (from === null || end === null) throw new BadRequest('Please enter a valid date range.');
  const until = isDay(body.end) ? end + 86_400_000 : end + 1;
  return { from: new Date(from).toISOString(), until: new Date(until).toISOString() };
}

/** POST /api/report/purchase: purchases made in the date range, newest first. */
export async function purchaseReport(db: CommerceExecutor, body: PurchaseReportBody): Promise<PurchaseLogRow[]> {
  const { from, until } = rangeOf(body);
  const rows = await purchasesBetween(db, from, until);
  const names = await purchaseNames(db, rows);
  return rows.map((row, i) => ({
    Id: row.id,
    Name: names[i],
    Price: dollarsOfCents(row.amountCents),
    PurchasedOn: row.purchasedOn,
    User: row.buyerName || row.buyerEmail,
    UserEmail: row.buyerEmail,
    TransactionId: row.transactionId,
    Refunds: row.refundedAt
      ? [{ RefundId: row.refundId ?? '', RefundedOn: row.refundedAt, Amount: dollarsOfCents(row.refundedCents ?? row.amountCents) }]
      : [],
  }));
}
