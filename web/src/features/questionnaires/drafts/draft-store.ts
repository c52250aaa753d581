import { createStore, entries, get, promisifyRequest, type UseStore } from 'idb-keyval';

import { sameAnswer, type AnswerModel } from '@cti/contracts';

/**
 * What a draft belongs to within one questionnaire: a section's answers, the admin notes
 * of a section, or the respondent's consent.
 */
export type DraftTarget = `section:${number}` | `note:${number}` | 'consent';

/** A draft's address: drafts are per user, so another user of the same browser never reads them. */
export interface DraftKey {
  userId: string;
  questionnaireId: string;
  target: DraftTarget;
}

/** One field (question, note, consent) typed and not yet stored on the server. */
export interface DraftField {
  value: AnswerModel;
  /** What the server held when the person typed over it: a different stored value now means someone else changed it. */
  over: AnswerModel;
  /** When it was last typed (ms since the epoch). */
  typedAt: number;
}

/** A field as a page keeps it: the value typed and the stored value it was typed over. */
export interface KeptField {
  value: AnswerModel;
  over: AnswerModel;
}

export interface Draft {
  fields: Record<string, DraftField>;
  /** When any field was last typed. */
  updatedAt: number;
}

export interface StoredDraft {
  key: DraftKey;
  draft: Draft;
}

/**
 * The browser's store of unsaved work. Every change of a field is kept here until the
 * server has stored it or the person discards it; writes of several tabs of the same
 * user meet field by field (each update reads and writes in one transaction), so a tab
 * never drops what another tab typed in another field.
 */
export interface DraftStore {
  /** False when the browser refuses IndexedDB (some private modes): drafts then last as long as the page. */
  readonly persistent: boolean;
  read(key: DraftKey): Promise<Draft | null>;
  /** Keeps these fields as typed; a field given as null (typed back to what the server holds) leaves the draft. */
  keep(key: DraftKey, fields: Record<string, KeptField | null>, now: number): Promise<void>;
  /** The server stored these values: fields holding exactly them are done (a field typed on since stays). */
  settle(key: DraftKey, stored: Record<string, AnswerModel>): Promise<void>;
  /** The person discarded these fields (all of the draft without `ids`). */
  discard(key: DraftKey, ids?: readonly string[]): Promise<void>;
  /** Every draft of one user. */
  list(userId: string): Promise<StoredDraft[]>;
}

type IdbKey = [string, string, string, string];
const DRAFT = 'draft';
const idbKey = (key: DraftKey): IdbKey => [DRAFT, key.userId, key.questionnaireId, key.target];

const empty = (draft: Draft | null | undefined): draft is null | undefined => !draft || !Object.keys(draft.fields).length;

/** The new draft after keeping `fields` (pure: the same rules for IndexedDB and memory). */
export function keptDraft(draft: Draft | null | undefined, fields: Record<string, KeptField | null>, now: number): Draft | null {
  const next: Record<string, DraftField> = { ...(draft?.fields ?? {}) };
  for (const [id, field] of Object.entries(fields)) {
    if (field === null) delete next[id];
    else next[id] = { value: field.value, over: field.over, typedAt: now };
  }
  const result = { fields: next, updatedAt: Math.max(now, draft?.updatedAt ?? 0) };
  return empty(result) ? null : result;
}

/** The draft once the server stored `stored`. */
export function settledDraft(draft: Draft | null | undefined, stored: Record<string, AnswerModel>): Draft | null {
  if (!draft) return null;
  const next: Record<string, DraftField> = {};
  for (const [id, field] of Object.entries(draft.fields)) {
    if (!(id in stored) || !sameAnswer(field.value, stored[id])) next[id] = field;
  }
  const result = { fields: next, updatedAt: draft.updatedAt };
  return empty(result) ? null : result;
}

function discardedDraft(draft: Draft | null | undefined, ids?: readonly string[]): Draft | null {
  if (!draft || !ids) return null;
  const next = { ...draft.fields };
  for (const id of ids) delete next[id];
  const result = { fields: next, updatedAt: draft.updatedAt };
  return empty(result) ? null : result;
}

/** Drafts in IndexedDB (idb-keyval's store: one object store; each change reads and writes in one transaction). */
export function indexedDbDraftStore(name = 'cti-drafts'): DraftStore {
  const store: UseStore = createStore(name, 'drafts');
  const change = (key: DraftKey, next: (draft: Draft | undefined) => Draft | null) =>
    store('readwrite', (drafts) => {
      const at = idbKey(key);
      return new Promise<void>((resolve, reject) => {
        const read = drafts.get(at);
        // the write is issued from the read's own callback, so the transaction is still active
        read.onsuccess = () => {
          try {
            const draft = next(read.result as Draft | undefined);
            if (draft) drafts.put(draft, at);
            else drafts.delete(at);
            resolve(promisifyRequest(drafts.transaction).then(() => undefined));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        };
        read.onerror = () => reject(read.error ?? new Error('The draft could not be read.'));
      });
    });
  return {
    persistent: true,
    read: async (key) => (await get<Draft>(idbKey(key), store)) ?? null,
    keep: (key, fields, now) => change(key, (draft) => keptDraft(draft, fields, now)),
    settle: (key, stored) => change(key, (draft) => settledDraft(draft, stored)),
    discard: (key, ids) => change(key, (draft) => discardedDraft(draft, ids)),
    list: async (userId) =>
      (await entries<IDBValidKey, Draft>(store))
        .filter((entry): entry is [IdbKey, Draft] => Array.isArray(entry[0]) && entry[0][0] === DRAFT && entry[0][1] === userId)
        .map(([key, draft]) => ({ key: { userId: key[1], questionnaireId: key[2], target: key[3] as DraftTarget }, draft })),
  };
}

/** Drafts in memory: where the browser refuses IndexedDB, and in tests of one page. */
export function memoryDraftStore(): DraftStore {
  const drafts = new Map<string, { key: DraftKey; draft: Draft }>();
  const id = (key: DraftKey) => JSON.stringify(idbKey(key));
  const change = async (key: DraftKey, next: (draft: Draft | undefined) => Draft | null) => {
    const draft = next(drafts.get(id(key))?.draft);
    if (draft) drafts.set(id(key), { key, draft: structuredClone(draft) });
    else drafts.delete(id(key));
  };
  return {
    persistent: false,
    read: async (key) => structuredClone(drafts.get(id(key))?.draft ?? null),
    keep: (key, fields, now) => change(key, (draft) => keptDraft(draft, fields, now)),
    settle: (key, stored) => change(key, (draft) => settledDraft(draft, stored)),
    discard: (key, ids) => change(key, (draft) => discardedDraft(draft, ids)),
    list: async (userId) => [...drafts.values()].filter((d) => d.key.userId === userId).map((d) => structuredClone(d)),
  };
}

/** Whether this browser gives the page IndexedDB (refused in some private modes and sandboxed frames). */
async function indexedDbWorks(): Promise<boolean> {
  try {
    if (typeof indexedDB === 'undefined') return false;
    const probe = indexedDbDraftStore();
    await probe.list('');
    return true;
  } catch {
    return false;
  }
}

let shared: Promise<DraftStore> | null = null;

/** The browser's draft store: IndexedDB, or memory where the browser refuses it. */
export function browserDraftStore(): Promise<DraftStore> {
  shared ??= indexedDbWorks().then((works) => (works ? indexedDbDraftStore() : memoryDraftStore()));
  return shared;
}

/** The browser's draft store, usable at once (each call waits for the store to be chosen). */
export const browserDrafts: DraftStore = {
  persistent: true,
  read: async (key) => (await browserDraftStore()).read(key),
  keep: async (key, fields, now) => (await browserDraftStore()).keep(key, fields, now),
  settle: async (key, stored) => (await browserDraftStore()).settle(key, stored),
  discard: async (key, ids) => (await browserDraftStore()).discard(key, ids),
  list: async (userId) => (await browserDraftStore()).list(userId),
};
