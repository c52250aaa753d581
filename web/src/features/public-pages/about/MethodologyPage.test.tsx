import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

import {
  ASU_A_THRESHOLD,
  ASU_B_THRESHOLD,
  COMPLIANCE_BANDS,
  ENFORCEABILITY_BANDS,
  ENFORCEABILITY_WEIGHTS,
  INPUT_MAX,
  INPUT_MIN,
  INPUT_STEP,
  PBA_LABELS,
  PBA_LEVEL_NAMES,
  VARIABLES,
  WEIGHTS,
  type Band,
  type PbaLevel,
} from '@cti/scoring-rules';

import MethodologyPage from './MethodologyPage';

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/about/methodology']}>
      <MethodologyPage />
    </MemoryRouter>,
  );

const table = (caption: string) => screen.getByRole('table', { name: caption });
const bodyRows = (t: HTMLElement) => within(t).getAllByRole('row').slice(1);
const numbersIn = (text: string) => (text.match(/\d+(\.\d+)?/g) ?? []).map(Number);

describe('methodology page shows the numbers of libs/scoring-rules', () => {
  it('prints the weights of every precedent-adjustment level, with the PBA labels', () => {
    renderPage();
    const rows = bodyRows(table('Weights by precedent-adjustment level'));
    expect(rows).toHaveLength(4);
    rows.forEach((row, level) => {
      const cells = within(row)
        .getAllByRole('cell')
        .map((c) => Number(c.textContent));
      const weights = VARIABLES.map((v) => WEIGHTS[level as PbaLevel][v]);
      expect(cells.slice(0, VARIABLES.length)).toEqual(weights);
      expect(cells[VARIABLES.length]).toBe(weights.reduce((s, w) => s + w * INPUT_MAX, 0));
      if (level > 0) {
        const header = within(row).getByRole('rowheader').textContent ?? '';
        expect(header).toContain(PBA_LEVEL_NAMES[level as 1 | 2 | 3]);
        expect(header).toContain(PBA_LABELS[level as 1 | 2 | 3]);
      }
    });
  });

  it('states the formula of the spec and the input range and step', () => {
    renderPage();
    expect(screen.getByText('Score = 5(A + B) + 2.5(C + D + E + F)')).toBeTruthy();
    expect(document.body.textContent).toContain(`from ${INPUT_MIN} to ${INPUT_MAX} in steps of ${INPUT_STEP}`);
  });

  it.each([
    ['Compliance Index categories', COMPLIANCE_BANDS],
    ['Enforceability Index categories', ENFORCEABILITY_BANDS],
  ] as Array<[string, readonly Band[]]>)('lists the %s with their bounds', (caption, bands) => {
    renderPage();
    const rows = bodyRows(table(caption));
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent?.trim())).toEqual(bands.map((b) => b.category));
    rows.forEach((row, i) => expect(numbersIn(within(row).getByRole('cell').textContent ?? '')).toEqual([bands[i].min, bands[i].max]));
  });

  it('starts Low above 0: a score of 0 is Unscored, as on the index, the map and the ASU assessment', () => {
    renderPage();
    for (const caption of ['Compliance Index categories', 'Enforceability Index categories']) {
      const low = bodyRows(table(caption)).find((r) => within(r).getByRole('rowheader').textContent?.trim() === 'Low')!;
      expect(within(low).getByRole('cell').textContent).toMatch(/^above 0 to below \d+$/);
    }
    expect(document.body.textContent).toContain('Condition 1 reads Yes or No for every state');
  });

  it('gives the ASU thresholds and the enforceability weights', () => {
    renderPage();
    const asu = table('ASU conditions');
    expect(Number(asu.querySelector('[data-threshold="A"]')?.textContent)).toBe(ASU_A_THRESHOLD);
    expect(Number(asu.querySelector('[data-threshold="B"]')?.textContent)).toBe(ASU_B_THRESHOLD);
    const { A, B, C } = ENFORCEABILITY_WEIGHTS;
    expect(screen.getByText(`Score = ${A}A + ${B}B + ${C}(C + D)`)).toBeTruthy();
  });
});
