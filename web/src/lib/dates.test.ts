import { formatDate, formatShortDate, isoDay } from './dates';

describe('dates', () => {
  it('writes a date with its month spelled out in the reader’s locale, never 11/23/2026', () => {
    const shown = formatDate('2026-11-23T10:00:00Z');
    expect(shown).toMatch(/23/);
    expect(shown).toMatch(/Nov/);
    expect(shown).toMatch(/2026/);
    expect(shown).not.toContain('/');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('keeps the calendar day stored (UTC), whatever the reader’s time zone', () => {
    expect(formatDate('2026-11-23T23:30:00Z')).toMatch(/23/);
  });

  it('keeps M/DD/YYYY where the spec prescribes it, and ISO days for inputs and exports', () => {
    expect(formatShortDate('2026-03-05T00:00:00Z')).toBe('3/05/2026');
    expect(isoDay(new Date('2026-11-23T10:00:00Z'))).toBe('2026-11-23');
  });
});
