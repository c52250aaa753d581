import { SectionIds, type AnswerModel } from '@cti/contracts';

import { bankOf, CURRENT_BANK_VERSION, enforceConditions, questionId } from '../../src/question-bank';

// One test per conditional rule of the questionnaire states and transitions, run through the same evaluator
// the web app uses, over the bank as stored.

const bank = bankOf(CURRENT_BANK_VERSION);
const S = SectionIds;

/** Answers keyed `section.index`; every other question unanswered. */
function after(section: number, answers: Record<number, AnswerModel>, others: Record<string, AnswerModel> = {}) {
  const input = new Map<string, AnswerModel>(Object.entries(others));
  for (const [index, model] of Object.entries(answers)) input.set(questionId(section, Number(index)), model);
  const result = enforceConditions(bank, input);
  return (index: number, s = section) => result.get(questionId(s, index)) ?? null;
}
const DECLARED_IDERA = { [questionId(S.Summary, 3)]: [6] };
const text = 'an answer';

describe('Summary', () => {
  it('shows q4 only when q3 lists option 9 (Article 39 declaration)', () => {
    expect(after(S.Summary, { 3: [9], 4: text })(4)).toBe(text);
    expect(after(S.Summary, { 3: [4, 6], 4: text })(4)).toBeNull();
  });
  it('shows q5 only when q3 lists option 6 (IDERA declaration)', () => {
    expect(after(S.Summary, { 3: [6], 5: text })(5)).toBe(text);
    expect(after(S.Summary, { 3: [9], 5: text })(5)).toBeNull();
  });
  it('shows q7 only when q6 is 12 (Alternative A)', () => {
    expect(after(S.Summary, { 6: 12, 7: 60 })(7)).toBe(60);
    expect(after(S.Summary, { 6: 13, 7: 60 })(7)).toBeNull();
  });
  it('shows q9 only when q8 is 116 (designated entry point)', () => {
    expect(after(S.Summary, { 8: 116, 9: text })(9)).toBe(text);
    expect(after(S.Summary, { 8: 16, 9: text })(9)).toBeNull();
  });
});

describe('IDERA', () => {
  const all = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [i + 1, text])) as Record<number, AnswerModel>;
  it('clears and hides q1 to q16 when q0 is 24 and there is no IDERA declaration', () => {
    const get = after(S.Idera, { ...all, 0: 24, 4: 27, 15: 41 });
    for (let i = 1; i <= 16; i++) expect(get(i)).toBeNull();
  });
  it('keeps the unconditional questions when q0 is 24 but the State lodged the declaration', () => {
    const get = after(S.Idera, { 0: 24, 4: 28, 8: text, 15: 41 }, DECLARED_IDERA);
    expect(get(4)).toBe(28);
    expect(get(8)).toBe(text);
    expect(get(15)).toBe(41);
  });
  it('shows q1 only when q0 is 23', () => {
    expect(after(S.Idera, { 0: 23, 1: 25 })(1)).toBe(25);
    expect(after(S.Idera, { 0: 24, 1: 25 }, DECLARED_IDERA)(1)).toBeNull();
  });
  it('shows q2 only when q1 is 25, and q3 only when q1 is 26', () => {
    const fixed = after(S.Idera, { 0: 23, 1: 25, 2: 5, 3: text });
    expect([fixed(2), fixed(3)]).toEqual([5, null]);
    const open = after(S.Idera, { 0: 23, 1: 26, 2: 5, 3: text });
    expect([open(2), open(3)]).toEqual([null, text]);
  });
  it('hides q2 when q1 is itself hidden (q0 not 23)', () => {
    expect(after(S.Idera, { 0: 24, 1: 25, 2: 5 }, DECLARED_IDERA)(2)).toBeNull();
  });
  it('shows q5 when q4 is 27 or 29', () => {
    expect(after(S.Idera, { 4: 27, 5: text })(5)).toBe(text);
    expect(after(S.Idera, { 4: 29, 5: text })(5)).toBe(text);
    expect(after(S.Idera, { 4: 28, 5: text })(5)).toBeNull();
  });
  it('shows q10 only when q9 is 36', () => {
    expect(after(S.Idera, { 9: 36, 10: text })(10)).toBe(text);
    expect(after(S.Idera, { 9: 34, 10: text })(10)).toBeNull();
  });
  it('shows q12 when q11 includes 39 and q13 when it includes 40', () => {
    const court = after(S.Idera, { 11: [37, 39], 12: text, 13: text });
    expect([court(12), court(13)]).toEqual([text, null]);
    const other = after(S.Idera, { 11: [40], 12: text, 13: text });
    expect([other(12), other(13)]).toEqual([null, text]);
  });
  it('shows q16 only when q15 is 44', () => {
    expect(after(S.Idera, { 15: 44, 16: text })(16)).toBe(text);
    expect(after(S.Idera, { 15: 41, 16: text })(16)).toBeNull();
  });
});

describe('Liens', () => {
  it('clears and hides q1 to q9 when q0 is 47', () => {
    const get = after(S.Liens, { 0: 47, 1: [48], 3: 55, 4: 57, 5: text, 6: 2, 7: 120, 8: text, 9: text, 10: 52, 11: text });
    for (let i = 1; i <= 9; i++) expect(get(i)).toBeNull();
    expect(get(10)).toBe(52);
    expect(get(11)).toBe(text);
  });
  it('shows q1 only when q0 is 46', () => {
    expect(after(S.Liens, { 0: 46, 1: [49] })(1)).toEqual([49]);
    expect(after(S.Liens, { 1: [49] })(1)).toBeNull();
  });
  it('shows q2 only when q1 includes 51', () => {
    expect(after(S.Liens, { 0: 46, 1: [51], 2: 53 })(2)).toBe(53);
    expect(after(S.Liens, { 0: 46, 1: [48], 2: 53 })(2)).toBeNull();
  });
  it('shows q11 to q13 only when q10 is 52', () => {
    const yes = after(S.Liens, { 10: 52, 11: text, 12: 124, 13: 10 });
    expect([yes(11), yes(12), yes(13)]).toEqual([text, 124, 10]);
    const no = after(S.Liens, { 10: 59, 11: text, 12: 124, 13: 10 });
    expect([no(11), no(12), no(13)]).toEqual([null, null, null]);
  });
});

describe('Detention', () => {
  it('shows q1 only when q0 is 60', () => {
    expect(after(S.Detention, { 0: 60, 1: [62] })(1)).toEqual([62]);
    expect(after(S.Detention, { 1: [62] })(1)).toBeNull();
  });
  it('clears and hides q1 to q8 when q0 is 61', () => {
    const get = after(S.Detention, {
      0: 61,
      1: [62],
      2: 67,
      3: text,
      4: 3,
      5: 126,
      6: text,
      7: '2020-01-01 00:00:00',
      8: text,
      9: 64,
      10: text,
    });
    for (let i = 1; i <= 8; i++) expect(get(i)).toBeNull();
    expect(get(9)).toBe(64);
    expect(get(10)).toBe(text);
  });
  it('shows q10 and q11 only when q9 is 64', () => {
    const yes = after(S.Detention, { 9: 64, 10: text, 11: 128 });
    expect([yes(10), yes(11)]).toEqual([text, 128]);
    const no = after(S.Detention, { 9: 69, 10: text, 11: 128 });
    expect([no(10), no(11)]).toEqual([null, null]);
  });
  it('shows q13 only when q12 is 119', () => {
    expect(after(S.Detention, { 12: 119, 13: text })(13)).toBe(text);
    expect(after(S.Detention, { 12: 118, 13: text })(13)).toBeNull();
  });
});

describe('Variable B', () => {
  it('shows q1 only when q0 is 70', () => {
    expect(after(S.VariableB, { 0: 70, 1: 60 })(1)).toBe(60);
    expect(after(S.VariableB, { 0: 71, 1: 60 })(1)).toBeNull();
  });
  it('shows q3 only when q2 is 72', () => {
    expect(after(S.VariableB, { 2: 72, 3: text })(3)).toBe(text);
    expect(after(S.VariableB, { 2: 74, 3: text })(3)).toBeNull();
  });
  it('shows q6 only when an IDERA declaration exists', () => {
    expect(after(S.VariableB, { 6: 77 }, DECLARED_IDERA)(6)).toBe(77);
    expect(after(S.VariableB, { 6: 77 })(6)).toBeNull();
  });
});

describe('Protectionism D', () => {
  it('shows q3 only when the State is a party to the New York Convention (q2 is 100)', () => {
    expect(after(S.ProtectionismD, { 2: 100, 3: 102 })(3)).toBe(102);
    expect(after(S.ProtectionismD, { 2: 101, 3: 102 })(3)).toBeNull();
  });
});
