import { createHash } from 'node:crypto';

import { stepOfSection, type ClearedQuestion, type SectionVersion, type StoredAnswer } from '@cti/contracts';

import type { LoadedBank } from '../question-bank';

import type { AnswerRow, SectionVersionRecord } from './repository';

/** A section's version as the API shows it (version 0, nobody, before its first save). */
export function sectionVersionOf(versions: ReadonlyMap<number, SectionVersionRecord>, sectionId: number): SectionVersion {
  const v = versions.get(sectionId);
  return { SectionId: sectionId, Version: v?.version ?? 0, SavedBy: v?.savedBy ?? null, SavedAt: v?.savedAt ?? null };
}

/** Every question of a section with its answer as stored, who saved it and when. */
export function storedAnswersOf(bank: LoadedBank, sectionId: number, answers: ReadonlyMap<string, AnswerRow>): StoredAnswer[] {
  return bank.questionsOf(sectionId).map((question) => {
    const row = answers.get(question.id);
    return { Id: question.id, Model: row?.value ?? null, SavedBy: row?.updatedBy ?? null, SavedAt: row?.updatedAt ?? null };
  });
}

/** Where a section's page is and what it is called (for the list of answers a change would clear). */
export function sectionPlace(bank: LoadedBank, sectionId: number): { Path: string; SectionLabel: string } {
  const step = stepOfSection(sectionId);
  return { Path: step?.path ?? String(sectionId), SectionLabel: step?.label ?? bank.section(sectionId)?.title ?? String(sectionId) };
}

/**
 * The token that confirms a set of clearings: it names each answer to be cleared and its value,
 * so a confirmation given for one list never clears a different one (someone answered meanwhile).
 */
export function clearTokenOf(clears: readonly ClearedQuestion[]): string {
  const named = [...clears].sort((a, b) => a.Id.localeCompare(b.Id)).map((c) => [c.Id, c.Model]);
  return createHash('sha256').update(JSON.stringify(named)).digest('base64url').slice(0, 32);
}
