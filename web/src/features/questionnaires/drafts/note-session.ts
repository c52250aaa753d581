import type { AdminCommentAnswer, AdminCommentRefusal, AdminCommentSaveAnswer } from '@cti/contracts';

import { asEditorHtml } from '../../../components/rich-text/rich-text-html';

import type { DraftStore } from './draft-store';
import { EditSession, type EditServer, type LoadAnswer, type SaveAnswer, type ServerView } from './edit-session';
import { failureOf, type Reply } from './section-session';

/** The one field of an admin note's session. */
export const NOTE = 'note';

/** The gateway calls of a section's admin notes. */
export interface NoteCalls {
  load(): Promise<Reply>;
  save(comment: string, version: number | null): Promise<Reply>;
  isOpen(): Promise<boolean | Reply>;
}

function viewOf(note: Pick<AdminCommentAnswer, 'Comment' | 'Version' | 'SavedBy' | 'SavedAt'>, open: boolean): ServerView {
  return {
    values: { [NOTE]: note.Comment || null },
    version: note.Version,
    savedBy: note.SavedBy,
    savedAt: note.SavedAt,
    fieldsSaved: { [NOTE]: { by: note.SavedBy, at: note.SavedAt } },
    open,
    // admin notes are the admin's own, saved also while someone else holds the section
    lock: { holder: 'this-tab' },
  };
}

/** An admin note's server side: saves name the version of the note they were based on. */
export function noteServer(calls: NoteCalls): EditServer<ServerView> {
  let open = true;
  return {
    async load(): Promise<LoadAnswer<ServerView>> {
      const [reply, isOpen] = await Promise.all([calls.load(), calls.isOpen()]);
      if (reply.status !== 200) return failureOf(reply, 'Could not load Admin Comment.');
      if (typeof isOpen !== 'boolean') return failureOf(isOpen, 'The questionnaire could not be read.');
      open = isOpen;
      return { kind: 'loaded', view: viewOf(reply.body as AdminCommentAnswer, open) };
    },
    async save(changes, basis): Promise<SaveAnswer<ServerView>> {
      const comment = changes.find((c) => c.id === NOTE)?.value;
      const reply = await calls.save(typeof comment === 'string' ? comment : '', basis.version);
      if (reply.status === 200) {
        const saved = reply.body as AdminCommentSaveAnswer;
        return { kind: 'saved', message: saved.message, view: viewOf(saved, true) };
      }
      const refusal = reply.body as Partial<AdminCommentRefusal> | null;
      if (reply.status !== 409 || !refusal?.Reason) return failureOf(reply, 'The admin notes could not be saved. Please try again.');
      if (refusal.Reason === 'closed') return { kind: 'closed', message: refusal.message ?? '' };
      return { kind: 'stale', message: refusal.message ?? '', view: viewOf(refusal as AdminCommentRefusal, true) };
    },
  };
}

/** The editing of a section's admin notes by one admin in one tab: a draft like any answer, versioned saves. */
export function createNoteSession(options: {
  calls: NoteCalls;
  drafts: DraftStore;
  userId: string;
  questionnaireId: string;
  sectionId: number;
}): EditSession<ServerView> {
  return new EditSession({
    server: noteServer(options.calls),
    drafts: options.drafts,
    key: { userId: options.userId, questionnaireId: options.questionnaireId, target: `note:${options.sectionId}` },
    normalize: (_, value) => (typeof value === 'string' ? asEditorHtml(value) || null : value),
  });
}
