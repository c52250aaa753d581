import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import type { Browser, Page } from 'playwright-core';

import { launchBrowser, openSession, signIn, type Session } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A one-page PDF the upload checks accept. */
const samplePdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );

async function withSession(email: string, journey: (session: Session) => Promise<void>, name: string) {
  const session = await openSession(browser);
  try {
    await signIn(session.page, email);
    await journey(session);
  } catch (err) {
    await session.screenshot(`documents-${name}-failure`);
    throw err;
  } finally {
    await session.context.close();
  }
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

it('an admin adds a supporting document, downloads it and deletes it', async () => {
  await withSession(
    'admin@example.com',
    async (session) => {
      const { page } = session;
      await page.goto('/documents');
      await page.getByRole('heading', { name: 'Supporting Documents' }).waitFor();
      // the seeded library is there
      await page.getByRole('cell', { name: 'Compliance Index methodology notes (demo)', exact: true }).waitFor();

      await page.getByRole('button', { name: 'Add Supporting Document' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Supporting Document' });
      await dialog.getByRole('button', { name: 'Add Document' }).click();
      await toast(page, 'Please fill out all fields');

      await dialog.getByLabel('Title').fill('Journey test document');
      await dialog.getByLabel('File').setInputFiles({ name: 'journey.pdf', mimeType: 'application/pdf', buffer: samplePdf('journey') });
      await dialog.getByLabel('Access').selectOption('Member');
      await dialog.getByLabel('Country').selectOption({ label: 'Ireland' });
      await dialog.getByRole('button', { name: 'Add Document' }).click();
      await toast(page, 'Document uploaded successfully');
      await dialog.waitFor({ state: 'detached' });

      const row = page.getByRole('row').filter({ hasText: 'Journey test document' });
      await row.waitFor();
      expect(await row.textContent()).toContain('Member (Ireland)');
      await session.screenshot('documents-library');

      // an admin's row actions are in the row's "…" menu
      await row.getByRole('button', { name: 'Actions for Journey test document' }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('menu').getByRole('menuitem', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('journey.pdf');

      await row.getByRole('button', { name: 'Actions for Journey test document' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name: 'Delete…' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete supporting document' });
      await confirm.getByText('Are you sure you would like to delete this supporting document?').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Successfully Deleted.');
      await row.waitFor({ state: 'detached' });
      expect(session.problems).toEqual([]);
    },
    'supporting',
  );
});

it('an IsACID user opens an ACID PDF in the viewer', async () => {
  await withSession(
    'admin@example.com',
    async (session) => {
      const { page } = session;
      await page.goto('/acid-documents');
      await page.getByRole('heading', { name: 'Public Documents' }).waitFor();
      await page.getByRole('heading', { name: 'Restrictive access documents' }).waitFor();
      await page.getByRole('button', { name: 'View ACID restricted case digest (demo)' }).click();

      await page.waitForURL(/\/pdf\?source=[0-9a-f-]+\.pdf&returnTo=acidDocuments$/);
      // a reload (or a shared link) opens the same document
      await page.reload();
      const frame = page.frameLocator('iframe.pdf-frame');
      await frame.getByText('Page 1 of 1').waitFor();
      await frame.locator('canvas.page').first().waitFor();
      const frameBox = await page.locator('iframe.pdf-frame').boundingBox();
      expect(Math.round(frameBox!.height)).toBe(800);
      // the page was really drawn: the canvas has a size and non-blank pixels
      const drawn = await frame
        .locator('canvas.page')
        .first()
        .evaluate((c: HTMLCanvasElement) => {
          const ctx = c.getContext('2d')!;
          const { data } = ctx.getImageData(0, 0, c.width, c.height);
          let ink = 0;
          for (let i = 0; i < data.length; i += 4) if (data[i] < 200) ink++;
          return { width: c.width, ink };
        });
      expect(drawn.width).toBeGreaterThan(300);
      expect(drawn.ink).toBeGreaterThan(100);
      await session.screenshot('documents-pdf-viewer');

      await page.getByRole('link', { name: 'Back to ACID Documents' }).click();
      await page.waitForURL('**/acid-documents');

      // without a source the viewer says so and goes back to the list
      await page.goto('/pdf');
      await toast(page, 'Document source missing. Returning to documents list.');
      await page.waitForURL('**/acid-documents');

      // the generated ACID PDF opens in the same viewer
      await page.getByRole('link', { name: 'Open the ACID materials PDF' }).click();
      await page.waitForURL('**/pdf-acid');
      await page.frameLocator('iframe.pdf-frame').locator('canvas.page').first().waitFor({ timeout: 60_000 });
      expect(session.problems).toEqual([]);
    },
    'acid-viewer',
  );
});

it('a user without IsACID is sent to /restricted from the ACID pages', async () => {
  await withSession(
    'member@example.com',
    async ({ page }) => {
      for (const path of ['/acid-documents', '/pdf?source=anything.pdf', '/pdf/anything', '/pdf-acid', '/admin/acid-documents']) {
        await page.goto(path);
        await page.waitForURL('**/restricted');
        await page.getByRole('heading', { name: 'Restricted' }).waitFor();
      }
    },
    'restricted',
  );
});

/** The text of a PDF, read by pdf.js in a child process (ESM-only library, no transform needed). */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-e2e-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, pdf);
  const script = `import fs from 'node:fs'; import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
    const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(process.argv[1])) }).promise; let out = '';
    for (let i = 1; i <= doc.numPages; i++) out += (await (await doc.getPage(i)).getTextContent()).items.map((t) => t.str ?? '').join(' ') + ' ';
    process.stdout.write(out);`;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, file], {
      cwd: path.resolve(__dirname, '..', '..'),
    });
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

it('a certified scorecard carries a code that the public verification page confirms', async () => {
  await withSession(
    'enhanced@example.com',
    async (session) => {
      const { page } = session;
      const token = await page.evaluate(() => window.localStorage.getItem('cti.authToken'));
      const headers = { authorization: `Bearer ${token}` };
      const list = (await (await page.request.get('/api/group/index/list', { headers })).json()) as Array<{
        GroupId: string;
        Group: string;
        Scored: boolean;
      }>;
      const country = list.find((c) => c.Scored)!;
      const download = await page.request.get(`/api/print/cft/${country.GroupId}`, { headers });
      expect(download.status()).toBe(200);
      expect(download.headers()['content-type']).toBe('application/pdf');
      const pdf = await download.body();
      const text = await pdfText(pdf);
      expect(text).toContain('Certified for transaction');
      const code = /Verification code\s+([0-9A-Z]{5}-[0-9A-Z]{5})/.exec(text)![1];

      // anyone, signed in or not, can check the code
      const visitor = await openSession(browser);
      try {
        await visitor.page.goto(`/verify/${code}`);
        await visitor.page.getByRole('heading', { name: 'Genuine certified scorecard' }).waitFor();
        await visitor.page.getByText(country.Group, { exact: true }).first().waitFor();
        await visitor.page
          .getByLabel('Check a PDF file against this code')
          .setInputFiles({ name: 'scorecard.pdf', mimeType: 'application/pdf', buffer: pdf });
        await visitor.page.getByText('The file matches the scorecard issued with this code: it has not been altered.').waitFor();
        const altered = Buffer.from(pdf);
        altered[altered.length >> 1] ^= 0xff;
        await visitor.page
          .getByLabel('Check a PDF file against this code')
          .setInputFiles({ name: 'altered.pdf', mimeType: 'application/pdf', buffer: altered });
        await visitor.page
          .getByText('The file does not match: it has been altered, or it is not the scorecard issued with this code.')
          .waitFor();
        await visitor.screenshot('documents-verify');

        await visitor.page.goto('/verify/ZZZZZ-ZZZZZ');
        await visitor.page.getByRole('heading', { name: 'Not genuine' }).waitFor();
        await visitor.page.getByText('No certified scorecard was issued with this verification code.').waitFor();
      } finally {
        await visitor.context.close();
      }
    },
    'verify',
  );
});
