import { exitLabel } from './exit-label';

describe('the exit button of the questionnaire shell', () => {
  it('says "Exit without Saving" only while there are unsaved changes', () => {
    expect(exitLabel({ open: true, dirty: true, saved: false })).toBe('Exit without Saving');
    expect(exitLabel({ open: true, dirty: true, saved: true })).toBe('Exit without Saving');
    expect(exitLabel({ open: true, dirty: false, saved: false })).toBe('Exit');
  });
  it('says "Save and exit" after a save, and "Exit" on a closed questionnaire', () => {
    expect(exitLabel({ open: true, dirty: false, saved: true })).toBe('Save and exit');
    expect(exitLabel({ open: false, dirty: false, saved: true })).toBe('Exit');
  });
});
