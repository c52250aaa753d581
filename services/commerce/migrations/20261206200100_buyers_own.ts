import type { Kysely } from '@cti/db';

/**
 * What a buyer owns and pays for:
 * - `certified_scorecards`: the period each country's Compliance Index scorecard shows now
 *   (from scoring's events), the only period whose certified scorecard can be delivered;
 * - `purchases.reason` and `previous_product_name`: a payment for a checkout, a renewal, or
 *   the prorated difference of an upgrade (its receipt names the plan it came from);
 * - `subscriptions.previous_product_id`: the plan a subscription last moved from (an upgrade's receipt names it);
 * - `subscriptions.scheduled_plan_id` (and the local provider's `local_subscriptions`'): a
 *   downgrade the subscriber approved, which takes effect at the renewal;
 * - `local_plan_changes.from_plan_id`, `charged_cents`, `approved_at`: the plan a change left and what approving it charged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certified_scorecards')
    .addColumn('group_id', 'uuid', (c) => c.primaryKey())
    .addColumn('period_id', 'text', (c) => c.notNull())
    .addColumn('period_name', 'text', (c) => c.notNull())
    .addColumn('score', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('purchases')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo('checkout'))
    .addColumn('previous_product_name', 'text')
    .execute();
  await db.schema.alterTable('subscriptions').addColumn('scheduled_plan_id', 'text').addColumn('previous_product_id', 'uuid').execute();
  await db.schema.alterTable('local_subscriptions').addColumn('scheduled_plan_id', 'text').execute();
  await db.schema
    .alterTable('local_plan_changes')
    .addColumn('from_plan_id', 'text')
    .addColumn('charged_cents', 'integer')
    .addColumn('approved_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('local_plan_changes')
    .dropColumn('from_plan_id')
    .dropColumn('charged_cents')
    .dropColumn('approved_at')
    .execute();
  await db.schema.alterTable('local_subscriptions').dropColumn('scheduled_plan_id').execute();
  await db.schema.alterTable('subscriptions').dropColumn('scheduled_plan_id').dropColumn('previous_product_id').execute();
  await db.schema.alterTable('purchases').dropColumn('reason').dropColumn('previous_product_name').execute();
  await db.schema.dropTable('certified_scorecards').execute();
}
