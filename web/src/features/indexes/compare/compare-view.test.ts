import type { GroupIndexRow } from '@cti/contracts';

import { codeOf, comparedRows, compareViewParams, readCompareView } from './compare-view';

const row = (Group: string, CountryId: string | null): GroupIndexRow => ({ GroupId: `g-${Group}`, Group, CountryId }) as GroupIndexRow;

describe('the compare view in its address', () => {
  it('reads countries, period and tab, codes in capitals, repeats once, at most eight', () => {
    const view = readCompareView(new URLSearchParams('countries=ie,GB,ie,,g-x&period=March%202026&tab=variables'));
    expect(view).toEqual({ codes: ['IE', 'GB', 'g-x'], period: 'March 2026', tab: 'variables' });
    const many = readCompareView(new URLSearchParams(`countries=${'AA,BB,CC,DD,EE,FF,GG,HH,II,JJ'}`));
    expect(many.codes).toHaveLength(8);
    expect(readCompareView(new URLSearchParams('tab=other'))).toEqual({ codes: [], period: null, tab: 'chart' });
  });

  it('writes only what differs from the defaults, so one view has one link', () => {
    expect(compareViewParams({ codes: ['IE', 'GB'], period: null, tab: 'chart' }).toString()).toBe('countries=IE%2CGB');
    const params = compareViewParams({ codes: ['IE'], period: 'September 2026', tab: 'variables' });
    expect(readCompareView(params)).toEqual({ codes: ['IE'], period: 'September 2026', tab: 'variables' });
  });

  it('finds the countries the codes name, in their order, by ISO code or group id', () => {
    const rows = [row('Ireland', 'ie'), row('Kosovo', null), row('Spain', 'ES')];
    expect(codeOf(rows[0])).toBe('IE');
    expect(codeOf(rows[1])).toBe('g-Kosovo');
    expect(comparedRows(rows, ['ES', 'XX', 'g-Kosovo', 'IE']).map((r) => r.Group)).toEqual(['Spain', 'Kosovo', 'Ireland']);
  });
});
