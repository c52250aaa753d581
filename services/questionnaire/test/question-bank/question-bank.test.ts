import { EXPORT_STEPS, QUESTIONNAIRE_STEPS, SectionIds } from '@cti/contracts';

import { bankOf, CURRENT_BANK_VERSION, questionId } from '../../src/question-bank';
import { displayAnswer, normalizeAnswer } from '../../src/question-bank/answers';

const bank = bankOf(CURRENT_BANK_VERSION);
const question = (section: number, index: number) => bank.question(questionId(section, index))!;
const optionIds = (section: number, index: number) => question(section, index).options!.map((o) => o.id);

describe('the question bank', () => {
  it('has the sections of the data model with their ids, in the order of the pages', () => {
    expect(bank.sections.map((s) => s.sectionId)).toEqual([6, 8, 9, 10, 11, 12, 14, 16, 17, 18, 19, 20, 21, 22, 23]);
    expect(EXPORT_STEPS.map((s) => s.part)).toEqual([
      'Intro',
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'B1',
      'E1',
      'E2',
      'E3',
      'E4',
      'E5',
      'E6',
      'E7',
      'E8',
    ]);
    expect(QUESTIONNAIRE_STEPS.map((s) => s.path)).toEqual([
      'participation',
      'consent',
      'a/0',
      'a/1',
      'a/2',
      'a/3',
      'a/4',
      'b/0',
      ...Array.from({ length: 8 }, (_, i) => `e/${i}`),
    ]);
    for (const section of bank.sections) expect(section.questions.length).toBeGreaterThan(0);
  });

  it('never reuses an option id, and numbers questions 0, 1, 2, … in each section', () => {
    const ids = bank.all().flatMap((q) => q.options?.map((o) => o.id) ?? []);
    expect(new Set(ids).size).toBe(ids.length);
    for (const section of bank.sections) expect(section.questions.map((q) => q.index)).toEqual(section.questions.map((_, i) => i));
  });

  it('carries the option ids the conditional rules name, on the questions they name', () => {
    expect(optionIds(SectionIds.Summary, 3)).toEqual(expect.arrayContaining([6, 9]));
    expect(optionIds(SectionIds.Summary, 6)).toContain(12);
    expect(optionIds(SectionIds.Summary, 8)).toContain(116);
    expect(optionIds(SectionIds.Idera, 0)).toEqual([23, 24]);
    expect(optionIds(SectionIds.Idera, 1)).toEqual([25, 26]);
    expect(optionIds(SectionIds.Idera, 4)).toEqual(expect.arrayContaining([27, 29]));
    expect(optionIds(SectionIds.Idera, 9)).toContain(36);
    expect(optionIds(SectionIds.Idera, 11)).toEqual(expect.arrayContaining([39, 40]));
    expect(optionIds(SectionIds.Idera, 15)).toContain(44);
    expect(optionIds(SectionIds.Liens, 0)).toEqual([46, 47]);
    expect(optionIds(SectionIds.Liens, 1)).toContain(51);
    expect(optionIds(SectionIds.Liens, 10)).toContain(52);
    expect(optionIds(SectionIds.Detention, 0)).toEqual([60, 61]);
    expect(optionIds(SectionIds.Detention, 9)).toContain(64);
    expect(optionIds(SectionIds.Detention, 12)).toContain(119);
    expect(optionIds(SectionIds.VariableB, 0)).toContain(70);
    expect(optionIds(SectionIds.VariableB, 2)).toContain(72);
  });

  it('uses every question type of the data model, and every date has the 1 Jan 2000 minimum', () => {
    const types = new Set(bank.all().map((q) => q.type));
    expect([...types].sort()).toEqual([
      'autocomplete',
      'checkbox',
      'date',
      'number',
      'radio',
      'select',
      'tags',
      'text',
      'textarea',
      'wysiwyg',
    ]);
    for (const q of bank.all().filter((x) => x.type === 'date')) expect(q.min).toBe('2000-01-01');
    expect(question(SectionIds.Summary, 0).type).toBe('date');
    expect(question(SectionIds.Summary, 1).type).toBe('date');
  });

  it('lists answer options in one order across questions: every yes answer before any no answer', () => {
    const startsWith = (word: string) => new RegExp(`^${word}\\b`, 'i');
    const misordered = bank
      .all()
      .filter((q) => q.options?.length)
      .filter((q) => {
        const labels = q.options!.map((o) => o.label);
        const lastYes = labels.findLastIndex((l) => startsWith('Yes').test(l));
        const firstNo = labels.findIndex((l) => startsWith('No').test(l));
        return lastYes >= 0 && firstNo >= 0 && lastYes > firstNo;
      })
      .map((q) => `${q.id}: ${q.options!.map((o) => o.label.split(/[:,]/)[0]).join(' / ')}`);
    expect(misordered).toEqual([]);
  });
});

describe('answers', () => {
  it('stores dates as YYYY-MM-DD HH:mm:ss and refuses days before 1 Jan 2000', () => {
    expect(normalizeAnswer(question(SectionIds.Summary, 0), '2005-07-29')).toBe('2005-07-29 00:00:00');
    expect(normalizeAnswer(question(SectionIds.Summary, 0), '2005-07-29T10:11:12.000Z')).toBe('2005-07-29 10:11:12');
    expect(() => normalizeAnswer(question(SectionIds.Summary, 0), '1999-12-31')).toThrow('on or after 1 Jan 2000');
    expect(() => normalizeAnswer(question(SectionIds.Summary, 0), '2005-02-30')).toThrow('not a valid date');
  });

  it('refuses options the question does not have and answers of the wrong type', () => {
    expect(() => normalizeAnswer(question(SectionIds.Idera, 0), 25)).toThrow("one of the question's options");
    expect(() => normalizeAnswer(question(SectionIds.Idera, 0), 'Yes')).toThrow("one of the question's options");
    expect(() => normalizeAnswer(question(SectionIds.Summary, 3), [6, 99])).toThrow("list of the question's options");
    expect(() => normalizeAnswer(question(SectionIds.Summary, 7), '60')).toThrow('must be a number');
    expect(() => normalizeAnswer(question(SectionIds.Summary, 7), 400)).toThrow('at most 365');
    expect(() => normalizeAnswer(question(SectionIds.Introductory, 0), 12)).toThrow('must be text');
  });

  it('keeps typed autocomplete text where the question allows free text, and refuses it elsewhere', () => {
    const governingLaw = question(SectionIds.ProtectionismA, 1);
    expect(governingLaw).toMatchObject({ type: 'autocomplete', freeText: true });
    expect(normalizeAnswer(governingLaw, '  Singapore law ')).toBe('Singapore law');
    // an option's label, in any case, is that option
    expect(normalizeAnswer(governingLaw, 'english LAW')).toBe(83);
    expect(normalizeAnswer(governingLaw, 84)).toBe(84);
    expect(normalizeAnswer(governingLaw, '   ')).toBeNull();
    expect(() => normalizeAnswer(governingLaw, 99)).toThrow("one of the question's options");
    expect(displayAnswer(governingLaw, 'Singapore law')).toBe('Singapore law');

    const closedList = { ...governingLaw, freeText: undefined };
    expect(normalizeAnswer(closedList, 'Irish law')).toBe(85);
    expect(() => normalizeAnswer(closedList, 'Singapore law')).toThrow('"Singapore law" is not one of the options; choose one of them.');
  });

  it('sanitizes rich text and shows answers as text for the change history', () => {
    const html = normalizeAnswer(
      question(SectionIds.Comments, 0),
      '<p onclick="x()">Fine <script>alert(1)</script><strong>law</strong></p>',
    );
    expect(html).toBe('<p>Fine <strong>law</strong></p>');
    expect(displayAnswer(question(SectionIds.Comments, 0), html)).toBe('Fine law');
    expect(displayAnswer(question(SectionIds.Summary, 3), [6, 9])).toContain('IDERA');
    expect(displayAnswer(question(SectionIds.Idera, 0), 23)).toBe('Yes');
    expect(displayAnswer(question(SectionIds.Summary, 0), '2005-07-29 00:00:00')).toBe('2005-07-29');
    expect(displayAnswer(question(SectionIds.Summary, 0), null)).toBeNull();
  });
});
