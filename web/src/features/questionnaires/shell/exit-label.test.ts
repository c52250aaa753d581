import { exitButtons } from './exit-label';

describe("the questionnaire's exit buttons say what they do", () => {
  it('is one Exit when nothing is unsaved, open or closed', () => {
    expect(exitButtons({ open: true, dirty: false })).toEqual([{ label: 'Exit', action: 'exit' }]);
    expect(exitButtons({ open: false, dirty: false })).toEqual([{ label: 'Exit', action: 'exit' }]);
    expect(exitButtons({ open: false, dirty: true })).toEqual([{ label: 'Exit', action: 'exit' }]);
  });

  it('offers "Save and exit", which saves, beside "Exit without Saving" while something typed is unsaved', () => {
    expect(exitButtons({ open: true, dirty: true })).toEqual([
      { label: 'Save and exit', action: 'save-and-exit' },
      { label: 'Exit without Saving', action: 'exit' },
    ]);
  });
});
