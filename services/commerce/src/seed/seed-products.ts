import { dollarsOfCents } from '@cti/contracts';

import type { PaymentDeps } from '../payments/payment-deps';
import { createPlan, saveProduct } from '../products/products';
import { findProductByName } from '../products/repository';

/** The products of the spec, in USD cents; the three subscriptions are yearly plans. */
export const DEMO_PRODUCTS = [
  {
    name: 'Enhanced Subscription',
    description:
      'Member-level access to every country scorecard, annotation, historical chart and certified-for-transaction scorecard, per annum.',
    priceCents: 2_000_000,
    subscription: true,
  },
  {
    name: 'Standard Subscription',
    description:
      'Every country scorecard with its scores A to F, explanatory texts and watchlist notices, and the historical data tables, per annum. Not included: annotations, score history charts, supporting-document downloads and complimentary certified-for-transaction scorecards.',
    priceCents: 1_000_000,
    subscription: true,
    // the first demo text promised supporting documents, which Standard may not download
    replaces:
      'Access to every country scorecard and supporting document, without complimentary certified scorecards, annotations or graphing, per annum.',
  },
  {
    name: 'Per Country Subscription',
    description: 'All materials of the chosen countries, per country per annum.',
    priceCents: 200_000,
    subscription: true,
  },
  {
    name: 'CFT Download',
    description: 'Certified-for-transaction scorecard of one country, for use in a transaction.',
    priceCents: 50_000,
    subscription: false,
  },
] as const;

/**
 * Creates the demo products through the products use-cases. Products that exist are left
 * alone, except a demo text since corrected (an admin's own text is never touched).
 */
export async function seedProducts(deps: PaymentDeps): Promise<void> {
  for (const demo of DEMO_PRODUCTS) {
    const existing = await findProductByName(deps.db, demo.name);
    if (existing && 'replaces' in demo && existing.description === demo.replaces) {
      await saveProduct(deps, null, {
        Id: existing.id,
        Name: existing.name,
        Description: demo.description,
        Price: dollarsOfCents(existing.priceCents),
      });
    }
    if (existing) continue;
    const product = await saveProduct(deps, null, {
      Name: demo.name,
      Description: demo.description,
      Price: dollarsOfCents(demo.priceCents),
    });
    if (demo.subscription) await createPlan(deps, null, product.id);
  }
}
