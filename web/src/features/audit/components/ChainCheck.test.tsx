import { chainCheckText } from './ChainCheck';

describe('chainCheckText', () => {
  it('says the log is intact, or names the first broken row and how it broke', () => {
    const done = { State: 'Done', Total: 12345 } as const;
    expect(chainCheckText({ ...done, Valid: true, Checked: 12345, FirstBroken: null })).toBe(
      'The audit log is intact: all 12,345 rows verified.',
    );
    expect(
      chainCheckText({
        ...done,
        Valid: false,
        Checked: 2,
        FirstBroken: { Seq: 3, Id: 'x', Action: 'Login', Stamp: '2025-03-10T14:05:09.000Z', Reason: 'altered' },
      }),
    ).toBe('The audit log was tampered with: row #3 (Login, 03/10/2025 2:05:09 pm UTC) was altered after it was recorded.');
    expect(
      chainCheckText({
        ...done,
        Valid: false,
        Checked: 3,
        FirstBroken: { Seq: 4, Id: null, Action: null, Stamp: null, Reason: 'missing' },
      }),
    ).toBe('The audit log was tampered with: row #4 was removed.');
    expect(
      chainCheckText({
        ...done,
        Valid: false,
        Checked: 5,
        FirstBroken: { Seq: 6, Id: null, Action: null, Stamp: null, Reason: 'truncated' },
      }),
    ).toBe('The audit log was tampered with: rows from #6 on were removed.');
  });

  it('tells how far a running check is, and that a stopped one must be run again', () => {
    expect(chainCheckText({ State: 'Running', Valid: null, Checked: 350_000, Total: 1_000_000, FirstBroken: null })).toBe(
      'Verifying the audit chain: 350,000 of 1,000,000 rows…',
    );
    expect(chainCheckText({ State: 'Interrupted', Valid: null, Checked: 5000, Total: 7000, FirstBroken: null })).toBe(
      'The last check stopped after 5,000 of 7,000 rows. Please verify again.',
    );
  });
});
