import { QuestionnaireAnswers, type AccessClaims, type AdminCommentAnswer, type AdminCommentRefusal } from '@cti/contracts';
import { appendToOutbox, Conflict, NotFound, type DataAccess } from '@cti/service-kit';

import { actorFromClaims } from '../actor';
import type { QuestionnaireDB, QuestionnaireExecutor } from '../db';
import { bankOf } from '../question-bank';
import { sanitizeRichText } from '../question-bank/rich-text';
import { atOf, getQuestionnaire, getQuestionnaireForUpdate } from '../questionnaires/repository';

import { findAdminComment, upsertAdminComment } from './repository';

type StoredNote = Awaited<ReturnType<typeof findAdminComment>>;

/** A section's note as the API shows it: '' at version 0, by nobody, when there is none. */
const noteOf = (row: StoredNote): AdminCommentAnswer => ({
  Comment: row?.comment ?? '',
  Version: row?.version ?? 0,
  SavedBy: row?.updatedBy ?? null,
  SavedAt: row?.updatedAt ?? null,
});

/** A refused admin note save (409): its body carries the note stored now, so the typed one can be compared and kept. */
export class AdminNoteRefused extends Conflict {
  constructor(readonly refusal: AdminCommentRefusal) {
    super(refusal.message);
  }
}

/** POST api/questionnaire/adminComment: the admin note of a section with its version; an unknown section is 404. */
export async function adminComment(db: QuestionnaireExecutor, questionnaireId: string, sectionId: number): Promise<AdminCommentAnswer> {
  const q = await getQuestionnaire(db, questionnaireId);
  if (!bankOf(q.bankVersion).section(sectionId)) throw new NotFound(QuestionnaireAnswers.sectionNotFound);
  return noteOf(await findAdminComment(db, q.id, sectionId));
}

/**
 * POST api/questionnaire/adminComment/save: stored as sanitized HTML (the slate editor's
 * markup only). A note is the admin's, not the section's: it saves whoever holds the
 * section lock, but not once the questionnaire is closed. A save naming an older version than
 * the stored note's is refused (two admins never overwrite each other), unless it sends the
 * note stored now; one naming no version is taken as based on the stored note.
 */
export async function saveAdminComment(
  data: DataAccess<QuestionnaireDB>,
  claims: AccessClaims,
  note: { questionnaireId: string; sectionId: number; comment: string; version?: number },
): Promise<AdminCommentAnswer> {
  const now = data.clock.now();
  return data.inTransaction(async (trx) => {
    // closing takes the same row lock: a note cannot slip in after the questionnaire closed
    const q = await getQuestionnaireForUpdate(trx, note.questionnaireId);
    if (!bankOf(q.bankVersion).section(note.sectionId)) throw new NotFound(QuestionnaireAnswers.sectionNotFound);
    const stored = noteOf(await findAdminComment(trx, q.id, note.sectionId));
    const refuse = (reason: AdminCommentRefusal['Reason'], message: string): never => {
      throw new AdminNoteRefused({ statusCode: 409, error: 'Conflict', message, Reason: reason, ...stored });
    };
    if (q.status !== 'Open') refuse('closed', QuestionnaireAnswers.adminNoteClosed);
    const comment = sanitizeRichText(note.comment);
    if (stored.Comment === comment) return stored;
    if (note.version !== undefined && note.version !== stored.Version) refuse('stale', QuestionnaireAnswers.staleAdminNote);
    const version = stored.Version + 1;
    await upsertAdminComment(trx, { questionnaireId: q.id, sectionId: note.sectionId, comment, updatedBy: claims.name, version }, now);
    await appendToOutbox(trx, {
      type: 'evt.questionnaire.adminComment.saved',
      actor: actorFromClaims(claims),
      data: { ...atOf(q), sectionId: note.sectionId, version },
    });
    return { Comment: comment, Version: version, SavedBy: claims.name, SavedAt: now.toISOString() };
  });
}
