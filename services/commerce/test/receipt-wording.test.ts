import { receiptOf } from '../src/purchases/receipt-mail';

describe('the purchase receipt e-mail', () => {
  const planChange = receiptOf({
    name: 'Enhanced Subscription — upgrade from Standard Subscription, the prorated difference to March 1, 2032',
    amountCents: 496_448,
    transactionId: 'pi_123',
    purchasedOn: '2031-09-01T09:00:00.000Z',
    accessExpiresOn: '2032-03-01T09:00:00.000Z',
    buyerEmail: 'buyer@example.com',
    updatesRole: true,
    publicUrl: 'https://index.example.org',
    planChange: { from: 'Standard Subscription', to: 'Enhanced Subscription' },
  });

  it('spells its days as the purchase’s name does ("March 1, 2032"), never as ISO dates', () => {
    for (const body of [planChange.text, planChange.html]) {
      expect(body).toContain('Date: September 1, 2031.');
      expect(body).toContain('for the rest of your current year, to March 1, 2032;');
      expect(body).toContain('Your access runs until March 1, 2032.');
      expect(body).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    }
    expect(planChange.subject).toBe(
      'Your purchase: Enhanced Subscription — upgrade from Standard Subscription, the prorated difference to March 1, 2032',
    );
  });
});
