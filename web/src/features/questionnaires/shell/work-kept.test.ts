import { clockTime } from './work-kept';

describe('when work was kept', () => {
  it('dates a save of another day on a questionnaire page as the page does (M/DD/YYYY), not “5 Mar 2026”', () => {
    const earlier = new Date(2026, 2, 5, 14, 2).getTime();
    expect(clockTime(earlier)).toMatch(/^3\/05\/2026 14:02$/);
  });
});
