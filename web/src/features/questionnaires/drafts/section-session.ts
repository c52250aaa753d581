import {
  applyConditions,
  isEmptyAnswer,
  QuestionnaireAnswers,
  type AnswerModel,
  type ClearedQuestion,
  type LockInfo,
  type Question,
  type QuestionsAnswer,
  type QuestionsBody,
  type SaveRefusal,
  type SaveSectionAnswer,
  type SaveSectionBody,
  type SaveSectionQuery,
  type StoredAnswer,
} from '@cti/contracts';

import { asEditorHtml } from '../../../components/rich-text/rich-text-html';

import type { DraftStore } from './draft-store';
import {
  EditSession,
  type CallFailure,
  type ClearedField,
  type EditServer,
  type LoadAnswer,
  type LockView,
  type SaveAnswer,
  type ServerView,
} from './edit-session';

/**
 * A call's answer as the section session reads it: the HTTP status (0: no answer at
 * all, the network failed) and the body. The page makes its calls through the app's
 * api slice (which renews the session on an expired token); the model-based test
 * through the questionnaire service itself.
 */
export interface Reply {
  status: number;
  body: unknown;
}

/** The gateway calls a section page makes. */
export interface SectionCalls {
  load(body: QuestionsBody): Promise<Reply>;
  save(questionnaireId: string, userId: string, query: SaveSectionQuery, body: SaveSectionBody): Promise<Reply>;
  renewLock(body: { QuestionnaireId: string; SectionId: number; LockId: string; TakeOver?: boolean }): Promise<Reply>;
  /** Whether the questionnaire takes changes (its status is Open). */
  isOpen(questionnaireId: string): Promise<boolean | Reply>;
  /** The IDERA declaration (Summary q3), for the sections whose conditions read it. */
  ideraDeclaration(questionnaireId: string): Promise<boolean | Reply>;
}

/** The section as the server holds it, with its questions. */
export interface SectionView extends ServerView {
  section: QuestionsAnswer;
  ideraDeclaration: boolean;
}

export interface SectionIds {
  userId: string;
  questionnaireId: string;
  groupId: string;
  sectionId: number;
  /** This tab's lock id. */
  lockId: string;
}

/** Sections whose conditions depend on the IDERA declaration (IDERA and Variable B). */
export const NEEDS_IDERA_DECLARATION = new Set([9, 14]);

/** An answer in the form the service stores it, so a typed value and its stored form count as the same. */
export function storedForm(question: Question | undefined, value: AnswerModel): AnswerModel {
  if (!question || value === null) return value;
  if (typeof value === 'string') {
    if (question.Type === 'wysiwyg') return asEditorHtml(value) || null;
    if (question.Type === 'date') return value.slice(0, 10) || null;
    if (question.Type === 'text' || question.Type === 'textarea' || question.Type === 'autocomplete') return value.trim() || null;
  }
  return value;
}

export function lockViewOf(lock: Pick<LockInfo, 'IsLocker' | 'InOtherTab' | 'Locker'>): LockView {
  if (lock.IsLocker) return { holder: 'this-tab' };
  if (lock.InOtherTab) return { holder: 'other-tab' };
  if (lock.Locker) return { holder: 'other-user', name: lock.Locker };
  return { holder: 'nobody' };
}

const messageOf = (body: unknown): string | null => {
  const text = (body as { message?: unknown } | null)?.message;
  return typeof text === 'string' ? text : null;
};

/** What a reply that is not the call's answer means: the session ended, no answer, or a refusal with the server's text. */
export function failureOf(reply: Reply, fallback: string): CallFailure | { kind: 'refused'; message: string } {
  if (reply.status === 401)
    return { kind: 'signed-out', message: 'Your session has ended. Sign in again: what you typed is kept in this browser.' };
  if (reply.status === 0 || reply.status >= 500)
    return { kind: 'unreachable', message: 'The server could not be reached. What you typed is kept in this browser; try again.' };
  return { kind: 'refused', message: messageOf(reply.body) ?? fallback };
}

const valuesOf = (answers: ReadonlyArray<{ Id: string; Model: AnswerModel }>) =>
  Object.fromEntries(answers.map((a) => [a.Id, a.Model ?? null])) as Record<string, AnswerModel>;
const savedOf = (answers: ReadonlyArray<{ Id: string; SavedBy?: string | null; SavedAt?: string | null }>) =>
  Object.fromEntries(answers.map((a) => [a.Id, { by: a.SavedBy ?? null, at: a.SavedAt ?? null }]));

const clearedOf = (clears: ClearedQuestion[]): ClearedField[] =>
  clears.map((c) => ({ id: c.Id, where: { label: c.SectionLabel, path: c.Path }, text: c.Text, value: c.Model }));

/** The section's server side over `calls`: loads take (or renew) this tab's lock, saves name their version and lock id. */
export function sectionServer(calls: SectionCalls, ids: SectionIds): EditServer<SectionView> & { renew(): Promise<LockView | null> } {
  let last: SectionView | null = null;
  const body: QuestionsBody = { SectionId: ids.sectionId, GroupId: ids.groupId, QuestionnaireId: ids.questionnaireId, LockId: ids.lockId };

  const answersOf = (
    view: SectionView,
    stored: StoredAnswer[],
    at: { Version: number; SavedBy: string | null; SavedAt: string | null },
  ) => ({
    ...view,
    values: { ...view.values, ...valuesOf(stored) },
    fieldsSaved: { ...view.fieldsSaved, ...savedOf(stored) },
    version: at.Version,
    savedBy: at.SavedBy,
    savedAt: at.SavedAt,
  });

  const load = async (extra: Partial<QuestionsBody> = {}): Promise<LoadAnswer<SectionView>> => {
    const needsDeclaration = NEEDS_IDERA_DECLARATION.has(ids.sectionId);
    const [reply, open, declaration] = await Promise.all([
      calls.load({ ...body, ...extra }),
      calls.isOpen(ids.questionnaireId),
      needsDeclaration ? calls.ideraDeclaration(ids.questionnaireId) : Promise.resolve(false),
    ]);
    if (reply.status !== 200) return failureOf(reply, QuestionnaireAnswers.sectionNotFound);
    for (const side of [open, declaration]) if (typeof side !== 'boolean') return failureOf(side, 'The questionnaire could not be read.');
    const section = reply.body as QuestionsAnswer;
    last = {
      section,
      ideraDeclaration: declaration as boolean,
      values: valuesOf(section.Questions),
      fieldsSaved: savedOf(section.Questions),
      version: section.Version,
      savedBy: section.SavedBy,
      savedAt: section.SavedAt,
      open: open as boolean,
      lock: (open as boolean) ? lockViewOf(section) : { holder: 'nobody' },
    };
    return { kind: 'loaded', view: last };
  };

  return {
    load: () => load(),
    async save(changes, basis): Promise<SaveAnswer<SectionView>> {
      const query: SaveSectionQuery = {
        lockId: ids.lockId,
        ...(basis.version !== null ? { version: basis.version } : {}),
        ...(basis.confirmed ? { confirmClearing: basis.confirmed } : {}),
      };
      const reply = await calls.save(
        ids.questionnaireId,
        ids.userId,
        query,
        changes.map((c) => ({ Id: c.id, Model: c.value })),
      );
      if (reply.status === 200) {
        const saved = reply.body as SaveSectionAnswer;
        last = { ...answersOf(last!, saved.Answers, saved), lock: { holder: 'this-tab' }, open: true };
        return { kind: 'saved', message: saved.message, view: last };
      }
      if (reply.status !== 409 || !(reply.body as Partial<SaveRefusal>)?.Reason)
        return failureOf(reply, 'Your answers could not be saved.');
      const refusal = reply.body as SaveRefusal;
      const current = answersOf(last!, refusal.Answers, refusal.Section);
      switch (refusal.Reason) {
        case 'closed':
          last = { ...current, open: false, lock: { holder: 'nobody' } };
          return { kind: 'closed', message: refusal.message };
        case 'locked':
          return { kind: 'locked', message: refusal.message, lock: { holder: 'other-user', name: refusal.Locker ?? 'someone else' } };
        case 'otherTab':
          return { kind: 'locked', message: refusal.message, lock: { holder: 'other-tab' } };
        case 'stale':
          last = current;
          return { kind: 'stale', message: refusal.message, view: current };
        case 'confirmClearing':
          return { kind: 'confirm', message: refusal.message, clears: clearedOf(refusal.Clears), token: refusal.ClearToken ?? '' };
        case 'clearingLocked':
          return { kind: 'refused', message: refusal.message };
      }
    },
    async takeOver() {
      const reply = await calls.renewLock({
        QuestionnaireId: ids.questionnaireId,
        SectionId: ids.sectionId,
        LockId: ids.lockId,
        TakeOver: true,
      });
      if (reply.status !== 200) return failureOf(reply, 'The section could not be taken over.');
      const lock = lockViewOf(reply.body as LockInfo);
      return lock.holder === 'this-tab'
        ? { kind: 'taken', lock }
        : {
            kind: 'refused',
            message: lock.holder === 'other-user' ? QuestionnaireAnswers.lockedBy(lock.name) : 'The section could not be taken over.',
          };
    },
    async renew() {
      const reply = await calls.renewLock({ QuestionnaireId: ids.questionnaireId, SectionId: ids.sectionId, LockId: ids.lockId });
      return reply.status === 200 ? lockViewOf(reply.body as LockInfo) : null;
    },
  };
}

/** The answers of this section the values would hide (conditions), where an answer is stored or typed: a save clears them. */
export function hiddenAnswered(view: SectionView, values: Record<string, AnswerModel>): ClearedField[] {
  const questions = view.section.Questions;
  const byIndex = new Map(questions.map((q) => [q.Index, values[q.Id] ?? null]));
  const { visible } = applyConditions(questions, byIndex, { ideraDeclaration: view.ideraDeclaration });
  return questions
    .filter((q) => !visible.has(q.Index))
    .filter((q) => !isEmptyAnswer(storedForm(q, values[q.Id] ?? null)) || !isEmptyAnswer(view.values[q.Id]))
    .map((q) => ({ id: q.Id, where: null, text: q.Text, value: view.values[q.Id] ?? values[q.Id] ?? null }));
}

/** The editing of one section by one tab: its drafts, versions, lock and clearings. */
export class SectionSession extends EditSession<SectionView> {
  private readonly lockServer: ReturnType<typeof sectionServer>;

  constructor(options: { calls: SectionCalls; drafts: DraftStore; ids: SectionIds; draftDelayMs?: number; now?: () => number }) {
    const { ids } = options;
    const server = sectionServer(options.calls, ids);
    let byId: { section: QuestionsAnswer | null; questions: Map<string, Question> } = { section: null, questions: new Map() };
    const questionOf = (id: string) => {
      const section = this.getState().view?.section ?? null;
      if (section !== byId.section) byId = { section, questions: new Map(section?.Questions.map((q) => [q.Id, q])) };
      return byId.questions.get(id);
    };
    super({
      server,
      drafts: options.drafts,
      key: { userId: ids.userId, questionnaireId: ids.questionnaireId, target: `section:${ids.sectionId}` },
      draftDelayMs: options.draftDelayMs,
      now: options.now,
      normalize: (id, value) => storedForm(questionOf(id), value),
      clearsHere: (values, view) => hiddenAnswered(view, values),
    });
    this.lockServer = server;
  }

  /** Renews this tab's lock (the page does every 30 s): a lock lost meanwhile turns the page read-only. */
  async renewLock(): Promise<void> {
    const lock = await this.lockServer.renew();
    if (lock) this.lockChanged(lock);
  }
}
