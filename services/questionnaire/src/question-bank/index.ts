import { applyConditions, isEmptyAnswer, SectionIds, type AnswerModel, type Question } from '@cti/contracts';

import { bank2026_1 } from './bank-2026-1';
import type { BankQuestion, BankSection, QuestionBank } from './types';

export type { BankQuestion, BankSection } from './types';

/** Every version of the bank ever used; old versions stay so old questionnaires still read. */
const BANKS: Record<string, QuestionBank> = { [bank2026_1.version]: bank2026_1 };

/** The version new questionnaires are created with. */
export const CURRENT_BANK_VERSION = bank2026_1.version;

export interface IndexedQuestion extends BankQuestion {
  id: string;
  sectionId: number;
}

/** A bank with lookups by question id and section. */
export interface LoadedBank {
  version: string;
  sections: BankSection[];
  section(sectionId: number): BankSection | undefined;
  question(id: string): IndexedQuestion | undefined;
  questionsOf(sectionId: number): IndexedQuestion[];
  all(): IndexedQuestion[];
}

export const questionId = (sectionId: number, index: number) => `${sectionId}.${index}`;

const loaded = new Map<string, LoadedBank>();

export function bankOf(version: string): LoadedBank {
  const cached = loaded.get(version);
  if (cached) return cached;
  const bank = BANKS[version];
  if (!bank) throw new Error(`Unknown question bank version ${version}`);
  const byId = new Map<string, IndexedQuestion>();
  const bySection = new Map<number, IndexedQuestion[]>();
  for (const section of bank.sections) {
    const list = section.questions.map((q) => ({ ...q, id: questionId(section.sectionId, q.index), sectionId: section.sectionId }));
    bySection.set(section.sectionId, list);
    for (const q of list) byId.set(q.id, q);
  }
  const result: LoadedBank = {
    version: bank.version,
    sections: bank.sections,
    section: (id) => bank.sections.find((s) => s.sectionId === id),
    question: (id) => byId.get(id),
    questionsOf: (sectionId) => bySection.get(sectionId) ?? [],
    all: () => [...byId.values()],
  };
  loaded.set(version, result);
  return result;
}

/** The IDERA declaration: Summary q3 lists the Article XXX(1) declaration applying Article XIII (option 6). */
export const IDERA_DECLARATION = { question: questionId(SectionIds.Summary, 3), option: 6 } as const;

export function hasIderaDeclaration(answers: ReadonlyMap<string, AnswerModel>): boolean {
  const declared = answers.get(IDERA_DECLARATION.question);
  return Array.isArray(declared) && declared.includes(IDERA_DECLARATION.option);
}

/**
 * Applies the conditional rules of every section to a questionnaire's answers and
 * returns them with every hidden question's answer cleared.
 */
export function enforceConditions(bank: LoadedBank, answers: ReadonlyMap<string, AnswerModel>): Map<string, AnswerModel> {
  const context = { ideraDeclaration: hasIderaDeclaration(answers) };
  const result = new Map<string, AnswerModel>();
  for (const section of bank.sections) {
    const questions = bank.questionsOf(section.sectionId).map((q) => ({ Index: q.index, ShowIf: q.showIf ?? null }));
    const bySection = new Map<number, AnswerModel>(
      questions.map((q) => [q.Index, answers.get(questionId(section.sectionId, q.Index)) ?? null]),
    );
    const { answers: effective } = applyConditions(questions, bySection, context);
    for (const [index, model] of effective) result.set(questionId(section.sectionId, index), model);
  }
  return result;
}

/** Sections whose every visible question (conditions applied) has an answer. */
export function answeredSections(bank: LoadedBank, answers: ReadonlyMap<string, AnswerModel>): Set<number> {
  const context = { ideraDeclaration: hasIderaDeclaration(answers) };
  const answered = new Set<number>();
  for (const section of bank.sections) {
    const questions = bank.questionsOf(section.sectionId).map((q) => ({ Index: q.index, ShowIf: q.showIf ?? null }));
    const bySection = new Map<number, AnswerModel>(
      questions.map((q) => [q.Index, answers.get(questionId(section.sectionId, q.Index)) ?? null]),
    );
    const { visible, answers: effective } = applyConditions(questions, bySection, context);
    if ([...visible].every((index) => !isEmptyAnswer(effective.get(index)))) answered.add(section.sectionId);
  }
  return answered;
}

/** Sections holding at least one answer (the side navigation's "started"). */
export function startedSections(bank: LoadedBank, answers: ReadonlyMap<string, AnswerModel>): Set<number> {
  const started = new Set<number>();
  for (const section of bank.sections)
    if (bank.questionsOf(section.sectionId).some((q) => !isEmptyAnswer(answers.get(questionId(section.sectionId, q.index)) ?? null)))
      started.add(section.sectionId);
  return started;
}

/** A bank question as the API shows it, with its answer. */
export function toApiQuestion(q: IndexedQuestion, model: AnswerModel): Question {
  return {
    Id: q.id,
    SectionId: q.sectionId,
    Index: q.index,
    Type: q.type,
    Text: q.text,
    ...(q.help ? { Help: q.help } : {}),
    ...(q.options ? { Options: q.options.map((o) => ({ Id: o.id, Label: o.label })) } : {}),
    ...(q.min !== undefined ? { Min: q.min } : {}),
    ...(q.max !== undefined ? { Max: q.max } : {}),
    ...(q.freeText ? { FreeText: true } : {}),
    ShowIf: q.showIf ?? null,
    Model: model,
  };
}
