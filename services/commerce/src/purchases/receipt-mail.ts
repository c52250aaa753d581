import type { MailMessage } from '@cti/contracts';
import { callService, type ConsumerDefinition } from '@cti/service-kit';

import type { CommerceDB } from '../db';
import { kindOf } from '../products/grants';

import { formatUsd } from './money';
import { purchaseNames } from './purchases';
import { purchaseBy } from './repository';
import { spelledDay } from './spelled-day';

/** Sends one mail; a second call with the same idempotency key sends nothing more. */
export type ReceiptMailer = (mail: MailMessage, idempotencyKey: string) => Promise<unknown>;

/** identity's mail adapter (`/internal/mail/send`), reached with the service's own token. */
export function identityReceiptMailer(caller: Parameters<typeof callService>[0]): ReceiptMailer {
  return (mail, idempotencyKey) =>
    callService(caller, 'identity', '/internal/mail/send', { body: { ...mail, idempotencyKey }, timeoutMs: 10_000 });
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => entities[c]);

/** The buyer's receipt: what was bought, for how much, until when, and what to do if access has not changed. */
export function receiptOf(input: {
  name: string;
  amountCents: number;
  transactionId: string;
  purchasedOn: string;
  accessExpiresOn: string;
  buyerEmail: string;
  updatesRole: boolean;
  publicUrl: string;
  /** A plan change's payment: the plan left and the plan moved to. */
  planChange?: { from: string | null; to: string } | null;
}): MailMessage {
  // the days as the purchase's name writes them ("… the prorated difference to March 1, 2032")
  const until = spelledDay(input.accessExpiresOn);
  const lines = [
    `Thank you for your purchase of ${input.name}.`,
    `Amount: ${formatUsd(input.amountCents)} (USD). Transaction: ${input.transactionId}. Date: ${spelledDay(input.purchasedOn)}.`,
    ...(input.planChange
      ? [
          `This is the prorated difference between ${input.planChange.from ?? 'your previous plan'} and ${input.planChange.to} for the rest of your current year, to ${until}; your subscription renews at the ${input.planChange.to} price.`,
        ]
      : []),
    `Your access runs until ${until}.`,
    ...(input.updatesRole ? ['Your new access is active now. If you do not see it, sign out and sign in again.'] : []),
    `Your purchase history: ${input.publicUrl}/history`,
  ];
  return {
    to: [input.buyerEmail],
    subject: `Your purchase: ${input.name}`,
    html: lines
      .map(
        (l) =>
          `<p>${escape(l).replace(escape(`${input.publicUrl}/history`), `<a href="${escape(`${input.publicUrl}/history`)}">${escape(`${input.publicUrl}/history`)}</a>`)}</p>`,
      )
      .join('\n'),
    text: lines.join('\n\n'),
    kind: 'purchase-receipt',
  };
}

/** E-mails each buyer a receipt once their purchase is recorded; `publicUrl` is where the receipt links to. */
export function receiptMailConsumer(deps: { sendMail: ReceiptMailer; publicUrl: string }): ConsumerDefinition<CommerceDB> {
  return {
    name: 'receipts',
    filter: ['evt.commerce.purchase.completed'],
    async handle(event, db) {
      if (event.type !== 'evt.commerce.purchase.completed') return;
      const purchase = await purchaseBy(db, 'id', event.data.purchaseId).executeTakeFirst();
      if (!purchase) return;
      const [name] = await purchaseNames(db, [purchase]);
      const body = receiptOf({
        name: name,
        amountCents: purchase.amountCents,
        transactionId: purchase.transactionId,
        purchasedOn: purchase.purchasedOn,
        accessExpiresOn: purchase.accessExpiresOn,
        buyerEmail: purchase.buyerEmail,
        updatesRole: kindOf(purchase.productName).roles.length > 0,
        publicUrl: deps.publicUrl,
        planChange: purchase.reason === 'plan_change' ? { from: purchase.previousProductName, to: purchase.productName } : null,
      });
      // A redelivered event (the consumer's commit failed after the call) must not send a second receipt.
      await deps.sendMail(body, `purchase-receipt:${purchase.id}`);
    },
  };
}
