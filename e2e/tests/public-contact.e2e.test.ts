import type { Browser } from 'playwright-core';

import { launchBrowser, openSession, signIn, type Session } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function withSession(run: (session: Session) => Promise<void>) {
  const session = await openSession(browser);
  try {
    await run(session);
  } catch (error) {
    await session.screenshot(`public-contact-failure-${Date.now()}`);
    throw error;
  } finally {
    await session.context.close();
  }
}

const SENT = "Thank you, We've received your message!";

it('a country viewer reports compliance activity from the footer; the message arrives in the dev mailbox', () =>
  withSession(async (session) => {
    const { page } = session;
    await signIn(page, 'viewer@example.com');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Report compliance activity' }).click();
    await page.waitForURL('**/contact/compliance');
    await page.getByRole('heading', { level: 1, name: 'Report Compliance Activity' }).waitFor();
    await page.getByRole('heading', { name: 'What to include in a compliance report' }).waitFor();

    // e-mail and group come from the signed-in user
    expect(await page.getByLabel('E-mail').inputValue()).toBe('viewer@example.com');
    expect(await page.getByLabel('Organization/Group').inputValue()).toBe('Ireland');
    expect(await page.getByLabel('First name').inputValue()).toBe('Vera');

    const token = `IDERA-${Date.now()}`;
    const message = `The registry authority declined to act on recorded IDERA ${token} for two weeks.`;
    await page.getByLabel('Message').fill(message);
    await page.getByText(`${message.length}/500 characters`).waitFor();

    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await page.getByRole('status').filter({ hasText: SENT }).first().waitFor();
    const sent = page.getByRole('button', { name: 'Sent' });
    expect(await sent.isDisabled()).toBe(true);
    await session.screenshot('public-contact-sent');

    await page.goto('/dev/mail');
    const subject = 'Report Compliance Activity from Vera Viewer';
    const mails = page.getByRole('listitem').filter({ hasText: subject });
    await mails.first().waitFor();
    // earlier runs may have sent the same subject: open each until this message shows
    let body: string | null = null;
    for (const mail of await mails.all()) {
      await mail.getByRole('button', { name: 'Show message' }).click();
      const frame = mail.frameLocator('iframe');
      const found = await frame
        .getByText(token)
        .first()
        .waitFor({ timeout: 20_000 })
        .then(
          () => true,
          () => false,
        );
      if (found) {
        body = await frame.locator('body').textContent();
        break;
      }
      await mail.getByRole('button', { name: 'Hide message' }).click();
    }
    // the mail to the configured contact address carries the sender, the group and the message
    expect(body).toContain(message);
    expect(body).toContain('viewer@example.com');
    expect(body).toContain('Ireland');
    await session.screenshot('public-contact-dev-mailbox');
    expect(session.problems).toEqual([]);
  }));

it('a visitor must fill every field, keeps to 500 characters, and can send again after a rejected address', () =>
  withSession(async ({ page }) => {
    await page.goto('/contact/general');
    await page.getByRole('heading', { level: 1, name: 'Comments/Inquiries' }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });

    await submit.click();
    await page.getByText('Please fill out all forms.').waitFor();
    expect(await page.getByLabel('First name').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('First name').fill('Lena');
    await page.getByLabel('Last name').fill('Lessor');
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByLabel('Organization/Group').fill('Harbour Aircraft Leasing');
    await page.getByLabel('Message').fill('x'.repeat(600));
    expect((await page.getByLabel('Message').inputValue()).length).toBe(500);
    await page.getByText('500/500 characters').waitFor();
    await page.getByLabel('Message').fill('When is the next update of the Index published?');

    // the server rejects the address: the message is kept and submit works again
    await submit.click();
    await page.getByText('Please enter a valid e-mail address.').waitFor();
    expect(await submit.isEnabled()).toBe(true);
    expect(await page.getByLabel('Message').inputValue()).toBe('When is the next update of the Index published?');

    await page.getByLabel('E-mail').fill('lena@harbour-leasing.example');
    await submit.click();
    await page.getByRole('status').filter({ hasText: SENT }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Sent' }).isDisabled()).toBe(true);
  }));
