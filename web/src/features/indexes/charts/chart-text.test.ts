import { labelWidth, spreadLabels } from './chart-text';

describe('line-end labels of the history chart', () => {
  it('keeps labels apart when lines end at the same value, in their order', () => {
    expect(spreadLabels([100, 100, 100], 16, 10, 300)).toEqual([100, 116, 132]);
  });

  it('leaves labels that do not touch where they are', () => {
    expect(spreadLabels([50, 200, 120], 16, 10, 300)).toEqual([50, 200, 120]);
  });

  it('moves a run pushed past the bottom back up, keeping the gaps', () => {
    expect(spreadLabels([290, 290, 290], 16, 10, 300)).toEqual([268, 284, 300]);
  });
});

describe('width of chart text', () => {
  it('grows with the text and its weight (estimated where no canvas draws it)', () => {
    expect(labelWidth('September 2026', 13)).toBeGreaterThan(labelWidth('March 2026', 13));
    expect(labelWidth('Ireland', 13, 600)).toBeGreaterThan(labelWidth('Ireland', 13));
  });
});
