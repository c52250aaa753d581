import { formatDate, formatDateTime, formatShortDate, formatShortDateTime, formatShortLocalDate, isoDay } from './dates';

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

  it('writes a moment in the reader’s locale with the month spelled out, not the audit log’s numeric form', () => {
    const shown = formatDateTime('2026-11-23T10:05:00Z');
    expect(shown).toMatch(/Nov/);
    expect(shown).toMatch(/2026/);
    expect(shown).not.toMatch(/\d+\/\d+\/\d{4}/);
    expect(formatDateTime(null)).toBe('');
  });

  it('writes moments on the questionnaire screens in their own M/DD/YYYY, never the audit log’s MM/DD', () => {
    expect(formatShortDateTime('2026-03-05T14:02:09Z')).toBe('3/05/2026 2:02:09 pm');
    expect(formatShortLocalDate(new Date(2026, 2, 5, 23, 59))).toBe('3/05/2026');
  });
});
