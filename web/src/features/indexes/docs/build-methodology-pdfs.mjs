// Builds the two methodology PDFs the index pages link to (web/public/docs), printed by
// Debian's Chromium through playwright-core. The numbers are those of libs/scoring-rules.
// Run: node web/src/features/indexes/docs/build-methodology-pdfs.mjs
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { chromium } = require('playwright-core');
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public/docs');

const page = (title, body) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><style>
  @page { size: A4; margin: 20mm 18mm; }
  body { font-family: 'Helvetica Neue', Arial, sans-serif; color: #14202b; font-size: 11pt; line-height: 1.5; }
  h1 { color: #0b3d66; font-size: 20pt; margin: 0 0 4mm; border-bottom: 3px solid #0b3d66; padding-bottom: 3mm; }
  h2 { color: #0b3d66; font-size: 13pt; margin-top: 8mm; }
  table { border-collapse: collapse; width: 100%; margin: 3mm 0; }
  th, td { border: 1px solid #d6dde4; padding: 2mm 3mm; text-align: left; }
  th { background: #f4f6f8; }
  .formula { font-size: 13pt; font-weight: bold; margin: 4mm 0; }
  footer { margin-top: 12mm; font-size: 9pt; color: #5a6775; }
</style></head><body>${body}<footer>Cape Town Convention Compliance Index platform.</footer></body></html>`;

const enforceability = page(
  'Enforceability Index methodology',
  `<h1>Enforceability Index methodology</h1>
  <p>The Enforceability Index assesses countries that are not contracting states of the Cape Town Convention and its Aircraft Protocol: how far a creditor or lessor can rely on the local legal system to enforce its rights in an aircraft.</p>
  <h2>Variables</h2>
  <table><tr><th>Variable</th><th>What is assessed</th><th>Weight</th></tr>
  <tr><td>A</td><td>Respect for the parties' choice of foreign law and jurisdiction, and recognition of foreign judgments and arbitral awards</td><td>5</td></tr>
  <tr><td>B</td><td>Strict, rule-based interpretation of commercial contracts</td><td>8</td></tr>
  <tr><td>C</td><td>Timely repossession of an aircraft outside insolvency</td><td>3.5</td></tr>
  <tr><td>D</td><td>Timely repossession of an aircraft inside insolvency</td><td>3.5</td></tr></table>
  <p>Each variable is assessed from 0 to 5 in steps of one half.</p>
  <h2>Score</h2>
  <p class="formula">Score = 5·A + 8·B + 3.5·(C + D)</p>
  <p>The score is rounded to the nearest half and runs from 0 to 100.</p>
  <h2>Categories</h2>
  <table><tr><th>Category</th><th>Score</th></tr><tr><td>Very High</td><td>87 to 100</td></tr><tr><td>High</td><td>75 to under 87</td></tr><tr><td>Medium</td><td>50 to under 75</td></tr><tr><td>Low</td><td>0 to under 50</td></tr></table>
  <h2>Updates</h2><p>Scores are reviewed twice a year, in March and September.</p>`,
);

const asu = page(
  'ASU assessment methodology',
  `<h1>ASU assessment methodology</h1>
  <p>For each contracting state of the Cape Town Convention, the working group assesses three conditions under which the Aircraft Sector Understanding treats the state's implementation of the Convention as qualifying.</p>
  <table><tr><th>Condition</th><th>Met when</th></tr>
  <tr><td>1</td><td>The state has made the qualifying declarations.</td></tr>
  <tr><td>2</td><td>Variable A of the state's Compliance Index scorecard is at least 4.</td></tr>
  <tr><td>3</td><td>Variable B of the state's Compliance Index scorecard is at least 3.</td></tr></table>
  <p>A dash means the state has not yet been scored. The conclusion is <em>Eligible</em> when all three conditions are met and <em>Not Eligible</em> otherwise; it reads <em>Suspended</em> while the state's assessment is suspended.</p>
  <h2>Watchlist</h2>
  <p>A warning sign marks a state on watch due to ongoing material developments whose impact has not yet been assessed. Its scorecard should be read with added caution.</p>`,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const tab = await browser.newPage();
for (const [name, html] of [
  ['enforceability-index-methodology.pdf', enforceability],
  ['asu-assessment-methodology.pdf', asu],
]) {
  await tab.setContent(html);
  await tab.pdf({ path: path.join(out, name), format: 'A4', printBackground: true });
  console.log(path.join(out, name));
}
await browser.close();
