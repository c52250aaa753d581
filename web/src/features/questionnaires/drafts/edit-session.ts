import { isEmptyAnswer, sameAnswer, type AnswerModel } from '@cti/contracts';

import type { Draft, DraftField, DraftKey, DraftStore } from './draft-store';

/**
 * The editing of one thing a person types into on a questionnaire page (a section's
 * answers, a section's admin notes, the consent), without React: the page renders its
 * state and calls its methods, and the model-based test drives it against the real
 * questionnaire service. It keeps the invariant of the questionnaire pages:
 *
 *   every value typed is, at every moment, stored on the server, or kept in this
 *   browser's draft store (and offered back when the thing is opened again), or
 *   discarded by the person after being shown what is lost.
 *
 * How: each change is written to the draft store a moment later (and at once when the
 * page goes), and leaves it only when the server answered that it stored exactly that
 * value or the person discarded it. A save names the version it was based on and each
 * typed value remembers what the server held when it was typed over: a value someone
 * else changed meanwhile is never overwritten without the person choosing so (the merge
 * view). Losing the lock, the questionnaire closing and the session ending turn the page
 * read-only and keep what was typed, on the page and in the draft.
 *
 * What the page shows as stored may be old (a lock that lapsed unseen, a change not heard
 * of yet): a value is never taken as stored because it equals that, only because the
 * server said so. A field typed back to what the page shows stays typed (and in the
 * draft) until a save or a load answers; a save with nothing to send asks the server
 * first, and a newer stored answer turns such a field into a real change to merge.
 */

/** Who holds the lock of what the session edits, as this tab sees it. */
export type LockView = { holder: 'this-tab' } | { holder: 'other-tab' } | { holder: 'other-user'; name: string } | { holder: 'nobody' };

/** What the server holds now. */
export interface ServerView {
  values: Record<string, AnswerModel>;
  /** The version the values are at (null: the server keeps none). */
  version: number | null;
  /** Who last saved them, and when (ISO time). */
  savedBy: string | null;
  savedAt: string | null;
  /** Who last saved each field, and when, where the server tells. */
  fieldsSaved?: Record<string, { by: string | null; at: string | null }>;
  /** The questionnaire takes changes (Open). */
  open: boolean;
  lock: LockView;
}

/** A field another save would clear (named to the person before saving). */
export interface ClearedField {
  id: string;
  /** Where it is (a section's label and page path), when another page than this one. */
  where: { label: string; path: string } | null;
  text: string;
  /** The answer it holds now. */
  value: AnswerModel;
}

/** Why a call reached no decision of the server. */
export type CallFailure = { kind: 'unreachable'; message: string } | { kind: 'signed-out'; message: string };

export type LoadAnswer<V extends ServerView> = { kind: 'loaded'; view: V } | CallFailure | { kind: 'refused'; message: string };

export type SaveAnswer<V extends ServerView> =
  /** Stored; `view` is the server's state after the save. */
  | { kind: 'saved'; message: string; view: V }
  /** Based on an older version: nothing stored; `view` holds what is stored now. */
  | { kind: 'stale'; message: string; view: V }
  /** The save would clear these fields elsewhere: nothing stored until the person confirms (with `token`). */
  | { kind: 'confirm'; message: string; clears: ClearedField[]; token: string }
  /** Someone else holds the lock now: nothing stored. */
  | { kind: 'locked'; message: string; lock: LockView }
  /** The questionnaire is closed: nothing stored. */
  | { kind: 'closed'; message: string }
  /** Refused for another reason (the server's text): nothing stored, the page stays as it is. */
  | { kind: 'refused'; message: string }
  | CallFailure;

export interface FieldChange {
  id: string;
  value: AnswerModel;
}

/** The server side of a session (the page's gateway calls, or the service itself in the model-based test). */
export interface EditServer<V extends ServerView> {
  load(): Promise<LoadAnswer<V>>;
  /** `confirmed`: the server's token for the clearings elsewhere it named and the person agreed to (null: none yet). */
  save(changes: FieldChange[], basis: { version: number | null; confirmed: string | null }): Promise<SaveAnswer<V>>;
  /** Moves the lock to this tab (absent where nothing is locked). */
  takeOver?(): Promise<{ kind: 'taken'; lock: LockView } | { kind: 'refused'; message: string } | CallFailure>;
}

/** A typed value and what the server held when it was typed over. */
export interface TypedValue {
  value: AnswerModel;
  over: AnswerModel;
}

/** A field typed here that someone else changed on the server meanwhile: mine and theirs, side by side. */
export interface ConflictRow {
  id: string;
  mine: AnswerModel;
  stored: AnswerModel;
  /** What the server held when mine was typed. */
  over: AnswerModel;
}

/** Why the page reads only. */
export type ReadOnlyReason =
  | { why: 'closed' }
  | { why: 'signed-out' }
  /** Another tab of this user holds the lock (it was never this tab's). */
  | { why: 'other-tab' }
  | { why: 'other-user'; name: string }
  /** This tab held the lock and lost it (taken over in another tab, lapsed during a network drop, taken by someone else). */
  | { why: 'lock-lost'; now: LockView };

export interface EditState<V extends ServerView> {
  phase: 'loading' | 'ready' | 'failed';
  /** The load's failure, shown instead of the page. */
  failure: string | null;
  view: V | null;
  /** Values typed here that the server has not been seen to hold (some may equal what the page shows as stored). */
  mine: Readonly<Record<string, TypedValue>>;
  /** A draft from before this page (another visit, tab or crash), offered back: restore or discard. */
  offer: { fields: Record<string, DraftField>; updatedAt: number } | null;
  /** A save found that someone else changed fields typed here: the merge view. */
  conflict: { rows: ConflictRow[]; savedBy: string | null; savedAt: string | null } | null;
  /** Saving would clear these fields: the person is asked first (`then`: the save the answer leads to). */
  confirm: { message: string; clears: ClearedField[]; then: SaveOptions } | null;
  saving: boolean;
  /** This tab held the lock at some point since it opened (so a later lock elsewhere means it was lost). */
  held: boolean;
  /** The session ended (signed out elsewhere, expired): read-only until signed in again. */
  signedOut: boolean;
  /** The newest lock this tab lost, while the page still shows it. */
  lost: LockView | null;
}

export type SaveOutcome =
  | { kind: 'saved'; message: string }
  | { kind: 'nothing'; message: string }
  | { kind: 'conflict' }
  | { kind: 'confirm' }
  | { kind: 'read-only'; message: string }
  | { kind: 'failed'; message: string };

/** What the person has agreed to before a save. */
export interface SaveOptions {
  /**
   * The answers of this page the person let the save clear (hidden by the values saved), as
   * named to them: one hidden since (typed on while asked) is asked about again.
   */
  clearHere?: string[];
  /** The server's token for the clearings elsewhere it named, agreed to. */
  clearElsewhere?: string;
  /** The fields the server named in those clearings (shown to the person, who let them go). */
  clearedNamed?: string[];
}

export const SessionTexts = {
  nothingToSave: 'There were no changes to save.',
  clearsHere: 'Saving clears these answers, which your changes hide:',
  notEditable: 'This page cannot be changed now; what you typed is kept in this browser.',
  busy: 'A save is already under way.',
} as const;

export interface EditSessionOptions<V extends ServerView> {
  server: EditServer<V>;
  drafts: DraftStore;
  key: DraftKey;
  /** How long after a change it is written to the draft store. */
  draftDelayMs?: number;
  now?: () => number;
  /**
   * Fields of this page the save would clear (conditional questions hidden by the values
   * to be saved), asked about before saving like the server's clears elsewhere.
   */
  clearsHere?(values: Record<string, AnswerModel>, view: V): ClearedField[];
  /** Values that mean the same as typed (rich text in its editor's form). */
  normalize?(id: string, value: AnswerModel): AnswerModel;
}

const same = (a: AnswerModel | undefined, b: AnswerModel | undefined) => sameAnswer(a ?? null, b ?? null);

/** The lock view's reason to read only, if it gives one. */
function lockReason(lock: LockView, held: boolean): ReadOnlyReason | null {
  if (lock.holder === 'this-tab') return null;
  if (held) return { why: 'lock-lost', now: lock };
  if (lock.holder === 'other-tab') return { why: 'other-tab' };
  if (lock.holder === 'other-user') return { why: 'other-user', name: lock.name };
  return null;
}

export class EditSession<V extends ServerView> {
  private state: EditState<V> = {
    phase: 'loading',
    failure: null,
    view: null,
    mine: {},
    offer: null,
    conflict: null,
    confirm: null,
    saving: false,
    held: false,
    signedOut: false,
    lost: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly server: EditServer<V>;
  private readonly drafts: DraftStore;
  readonly key: DraftKey;
  private readonly delayMs: number;
  private readonly now: () => number;
  private readonly options: EditSessionOptions<V>;
  /** Fields changed since the draft was last written. */
  private touched = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Draft writes, one after another (a settle never overtakes an earlier keep). */
  private writes: Promise<void> = Promise.resolve();
  private disposed = false;
  /** Loads are answered in any order: only the newest is taken. */
  private loadSeq = 0;

  constructor(options: EditSessionOptions<V>) {
    this.options = options;
    this.server = options.server;
    this.drafts = options.drafts;
    this.key = options.key;
    this.delayMs = options.draftDelayMs ?? 300;
    this.now = options.now ?? (() => Date.now());
  }

  /* ---------- reading ---------- */

  getState = (): EditState<V> => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<EditState<V>>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** The value the page shows for a field: what was typed here, else what is stored. */
  shown(id: string): AnswerModel {
    const typed = this.state.mine[id];
    return typed ? typed.value : (this.state.view?.values[id] ?? null);
  }

  /** Every value the page shows. */
  shownValues(): Record<string, AnswerModel> {
    const values = { ...(this.state.view?.values ?? {}) };
    for (const [id, typed] of Object.entries(this.state.mine)) values[id] = typed.value;
    return values;
  }

  /** Fields whose shown value is not what the server holds. */
  unsaved(): string[] {
    const values = this.state.view?.values ?? {};
    return Object.entries(this.state.mine)
      .filter(([id, typed]) => !this.equal(id, typed.value, values[id] ?? null))
      .map(([id]) => id);
  }

  /** Whether the page may be typed into now. */
  editable(): boolean {
    const { phase, view, offer, signedOut } = this.state;
    return phase === 'ready' && !!view && view.open && view.lock.holder === 'this-tab' && !offer && !signedOut;
  }

  /** Why the page reads only, when it does (null: editable, or still loading). */
  readOnlyReason(): ReadOnlyReason | null {
    const { phase, view, signedOut, held } = this.state;
    if (phase !== 'ready' || !view) return null;
    if (signedOut) return { why: 'signed-out' };
    if (!view.open) return { why: 'closed' };
    return lockReason(view.lock, held);
  }

  private equal(id: string, a: AnswerModel, b: AnswerModel) {
    const normalize = this.options.normalize;
    return normalize ? same(normalize(id, a), normalize(id, b)) : same(a, b);
  }

  /* ---------- opening ---------- */

  /** Loads the server's state and this user's draft, and offers the draft's fields that differ from what is stored. */
  async open(): Promise<void> {
    const seq = ++this.loadSeq;
    const [answer, draft] = await Promise.all([this.server.load(), this.readDraft()]);
    if (seq !== this.loadSeq || this.disposed) return;
    if (answer.kind !== 'loaded') {
      this.set({ phase: 'failed', failure: answer.message, signedOut: answer.kind === 'signed-out' });
      return;
    }
    const view = answer.view;
    const held = view.lock.holder === 'this-tab';
    this.set({ phase: 'ready', failure: null, view, held, lost: null, signedOut: false });
    // another tab of this user holds it: the draft is that tab's work in progress, not to be offered here
    if (view.lock.holder === 'other-tab') return;
    await this.offerDraft(draft, view);
  }

  private async readDraft(): Promise<Draft | null> {
    try {
      return await this.drafts.read(this.key);
    } catch {
      return null;
    }
  }

  /** Offers the draft's fields that differ from the server's (those equal to it are done, and leave the draft). */
  private async offerDraft(draft: Draft | null, view: V) {
    if (!draft) return;
    const differing: Record<string, DraftField> = {};
    for (const [id, field] of Object.entries(draft.fields)) {
      if (this.state.mine[id] && this.equal(id, this.state.mine[id].value, field.value)) continue;
      if (!this.equal(id, field.value, view.values[id] ?? null)) differing[id] = field;
    }
    void this.queueWrite(() => this.drafts.settle(this.key, view.values));
    if (!Object.keys(differing).length) return;
    this.set({ offer: { fields: differing, updatedAt: Math.max(...Object.values(differing).map((f) => f.typedAt)) } });
  }

  /** Takes the offered draft into the page: its values show and count as unsaved (a save checks what changed meanwhile). */
  restoreOffer(): void {
    const offer = this.state.offer;
    if (!offer) return;
    const mine = { ...this.state.mine };
    for (const [id, field] of Object.entries(offer.fields)) mine[id] = { value: field.value, over: field.over };
    this.set({ offer: null, mine });
  }

  /** The person discarded the offered draft, after it was shown: it leaves the draft store. */
  async discardOffer(): Promise<void> {
    const offer = this.state.offer;
    if (!offer) return;
    this.set({ offer: null });
    const ids = Object.keys(offer.fields);
    await this.queueWrite(() => this.drafts.discard(this.key, ids));
  }

  /* ---------- typing ---------- */

  /** A change typed into a field; ignored (false) while the page reads only. */
  change(id: string, value: AnswerModel): boolean {
    if (!this.editable() || !this.state.view) return false;
    const before = this.state.mine[id];
    const over = before ? before.over : (this.state.view.values[id] ?? null);
    // kept even when it equals what the page shows as stored, which may be old: only the server's answer settles it
    this.set({ mine: { ...this.state.mine, [id]: { value, over } } });
    this.touched.add(id);
    this.scheduleDraft();
    return true;
  }

  private scheduleDraft() {
    if (this.timer !== null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
  }

  /**
   * Writes what was typed since the last write to the draft store now (the page calls it
   * when it goes or is hidden). Only fields changed here are written: a tab that lost its
   * lock without knowing yet must not write back values another tab of the user has typed
   * on since.
   */
  flush(): Promise<void> {
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const touched = [...this.touched];
    this.touched.clear();
    if (!touched.length) return this.writes;
    const fields: Record<string, TypedValue | null> = {};
    // a field no longer typed (stored, discarded) leaves the draft
    for (const id of touched) fields[id] = this.state.mine[id] ?? null;
    const at = this.now();
    return this.queueWrite(() => this.drafts.keep(this.key, fields, at));
  }

  private queueWrite(write: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(write).catch((error: unknown) => {
      // the store refused (full, private mode): the values stay on the page
      console.error('draft not written', error);
    });
    return this.writes;
  }

  /** Resolves once every draft write asked for so far is done. */
  async settled(): Promise<void> {
    await this.flush();
    await this.writes;
  }

  /* ---------- saving ---------- */

  /** Saves what is typed, naming the version it was based on. */
  save(options: SaveOptions = {}): Promise<SaveOutcome> {
    return this.saveRound(options, { attempt: 0, checked: false });
  }

  /**
   * One round of a save: `attempt` counts the saves refused as stale so far, `checked` says
   * the server's state was read since the person asked to save.
   */
  private async saveRound(options: SaveOptions, round: { attempt: number; checked: boolean }): Promise<SaveOutcome> {
    const { view } = this.state;
    if (!view) return { kind: 'failed', message: SessionTexts.notEditable };
    if (this.state.saving) return { kind: 'failed', message: SessionTexts.busy };
    if (!this.editable()) return { kind: 'read-only', message: SessionTexts.notEditable };

    // fields hidden by what is to be saved lose their answers: named first, then dropped as confirmed
    const clears = this.options.clearsHere?.(this.shownValues(), view) ?? [];
    if (clears.some((c) => !options.clearHere?.includes(c.id))) {
      this.set({ confirm: { message: SessionTexts.clearsHere, clears, then: { ...options, clearHere: clears.map((c) => c.id) } } });
      return { kind: 'confirm' };
    }
    const clearedTyped = clears.map((c) => c.id).filter((id) => this.state.mine[id]);
    if (clearedTyped.length) await this.discard(clearedTyped);

    // fields typed as the page shows them stored are not sent: the server's answer to the save settles them
    const ids = this.unsaved();
    const changes: FieldChange[] = ids.map((id) => ({ id, value: this.state.mine[id].value }));
    for (const cleared of clears) {
      if (!changes.some((c) => c.id === cleared.id)) changes.push({ id: cleared.id, value: null });
    }
    if (!changes.length) {
      const typed = Object.keys(this.state.mine);
      if (!typed.length) return { kind: 'nothing', message: SessionTexts.nothingToSave };
      // what was typed equals what the page shows as stored, which may be old: the server tells
      if (!round.checked) {
        const failed = await this.readServer();
        return failed ?? this.saveRound(options, { ...round, checked: true });
      }
      this.dropMine(typed);
      return { kind: 'nothing', message: SessionTexts.nothingToSave };
    }

    // someone else changed a field typed here since it was typed: the person merges first
    const rows = this.conflictsWith(view.values, ids);
    if (rows.length) {
      this.set({ conflict: { rows, savedBy: view.savedBy, savedAt: view.savedAt } });
      return { kind: 'conflict' };
    }

    this.set({ saving: true, confirm: null });
    await this.flush();
    const answer = await this.server.save(changes, { version: view.version, confirmed: options.clearElsewhere ?? null });
    this.set({ saving: false });
    switch (answer.kind) {
      case 'saved':
        this.took(answer.view, changes, options.clearElsewhere ? (options.clearedNamed ?? []) : []);
        return { kind: 'saved', message: answer.message };
      case 'stale': {
        this.adopt(answer.view);
        const stale = this.conflictsWith(answer.view.values, this.unsaved());
        if (stale.length || round.attempt >= 2) {
          this.set({ conflict: { rows: stale, savedBy: answer.view.savedBy, savedAt: answer.view.savedAt } });
          return { kind: 'conflict' };
        }
        // nothing typed here was changed meanwhile: saved again on the newer version
        return this.saveRound(options, { attempt: round.attempt + 1, checked: true });
      }
      case 'confirm':
        this.set({
          confirm: {
            message: answer.message,
            clears: answer.clears,
            then: { ...options, clearElsewhere: answer.token, clearedNamed: answer.clears.map((c) => c.id) },
          },
        });
        return { kind: 'confirm' };
      case 'locked':
        this.lockChanged(answer.lock);
        return { kind: 'read-only', message: answer.message };
      case 'closed':
        this.statusChanged(false);
        return { kind: 'read-only', message: answer.message };
      case 'signed-out':
        this.sessionEnded();
        return { kind: 'read-only', message: answer.message };
      case 'refused':
      case 'unreachable':
        return { kind: 'failed', message: answer.message };
    }
  }

  /**
   * Reads the server's state before a save concludes there is nothing to send: typed values
   * the server holds are settled, the others (stored answers that moved since the page was
   * loaded) become changes. The outcome when the page cannot go on saving (null: it can).
   */
  private async readServer(): Promise<SaveOutcome | null> {
    this.set({ saving: true });
    await this.flush();
    // a load already under way answers older than this one: it is not taken
    ++this.loadSeq;
    const answer = await this.server.load();
    this.set({ saving: false });
    if (answer.kind === 'signed-out') {
      this.sessionEnded();
      return { kind: 'read-only', message: answer.message };
    }
    if (answer.kind !== 'loaded') return { kind: 'failed', message: answer.message };
    this.adopt(answer.view);
    return this.editable() ? null : { kind: 'read-only', message: SessionTexts.notEditable };
  }

  /** The fields of `ids` whose stored value moved since they were typed, to something else than what was typed. */
  private conflictsWith(values: Record<string, AnswerModel>, ids: string[]): ConflictRow[] {
    const rows: ConflictRow[] = [];
    for (const id of ids) {
      const typed = this.state.mine[id];
      if (!typed) continue;
      const stored = values[id] ?? null;
      if (!this.equal(id, stored, typed.over) && !this.equal(id, stored, typed.value)) {
        rows.push({ id, mine: typed.value, stored, over: typed.over });
      }
    }
    return rows;
  }

  /**
   * The server stored `changes` and answered `view`: fields stored as they show now are done;
   * typed on since, they stay. A sent value the server holds no answer for was not stored (the
   * conditions dropped it): it stays typed, unless the person let it go in a confirmed clearing.
   */
  private took(view: V, changes: FieldChange[], letGo: string[]) {
    const sent = new Map(changes.map((c) => [c.id, c.value]));
    const mine = { ...this.state.mine };
    const finished: Record<string, AnswerModel> = {};
    for (const [id, typed] of Object.entries(mine)) {
      const stored = view.values[id] ?? null;
      // stored as sent (or in the server's own form of it, as sanitized rich text), or as it shows anyway
      const asSent = sent.has(id) && this.equal(id, typed.value, sent.get(id)!);
      if ((asSent && (!isEmptyAnswer(stored) || letGo.includes(id))) || this.equal(id, typed.value, stored)) {
        delete mine[id];
        finished[id] = typed.value;
      } else if (sent.has(id)) {
        // typed on during the save: now typed over what was just stored
        mine[id] = { value: typed.value, over: stored };
        this.touched.add(id);
      }
    }
    this.set({ view, mine, held: this.state.held || view.lock.holder === 'this-tab' });
    this.settleDraft(finished);
    void this.flush();
  }

  /** Takes a newer server state; typed values stay (a save compares them with what they were typed over). */
  private adopt(next: V) {
    const current = this.state.view;
    let view = next;
    // an answer overtaken by a newer one (a load that left before a save came back) does not undo it
    if (current && current.version !== null && next.version !== null && next.version < current.version) {
      view = { ...next, values: current.values, version: current.version, savedBy: current.savedBy, savedAt: current.savedAt };
    }
    this.set({ view: { ...view, lock: current?.lock ?? view.lock } });
    const done = Object.entries(this.state.mine)
      .filter(([id, typed]) => this.equal(id, typed.value, view.values[id] ?? null))
      .map(([id]) => id);
    if (done.length) this.dropMine(done);
    this.lockChanged(view.lock);
  }

  /** Fields the server holds as typed here: no longer typed, and out of the draft. */
  private dropMine(ids: string[]) {
    const mine = { ...this.state.mine };
    const typed: Record<string, AnswerModel> = {};
    for (const id of ids) {
      typed[id] = mine[id]?.value ?? null;
      delete mine[id];
    }
    this.set({ mine });
    this.settleDraft(typed);
  }

  /**
   * Takes out of the draft the fields this tab typed and the server now holds, where the draft
   * still holds what was typed here: the draft is shared by the user's tabs, and another one
   * (that lost the lock without knowing) may have typed a newer value there since.
   */
  private settleDraft(typed: Record<string, AnswerModel>) {
    if (Object.keys(typed).length) void this.queueWrite(() => this.drafts.settle(this.key, typed));
  }

  /* ---------- merging and confirming ---------- */

  /**
   * The person's choice per conflicting field: keep mine (typed over what is stored now)
   * or take the stored value (mine is discarded, after being shown beside it).
   */
  async resolveConflict(choices: Record<string, 'mine' | 'stored'>): Promise<void> {
    const conflict = this.state.conflict;
    const view = this.state.view;
    if (!conflict || !view) return;
    const mine = { ...this.state.mine };
    const discarded: string[] = [];
    for (const row of conflict.rows) {
      const typed = mine[row.id];
      if (!typed) continue;
      if ((choices[row.id] ?? 'mine') === 'mine') mine[row.id] = { value: typed.value, over: view.values[row.id] ?? null };
      else {
        delete mine[row.id];
        discarded.push(row.id);
      }
    }
    this.set({ conflict: null, mine });
    for (const id of Object.keys(mine)) this.touched.add(id);
    if (discarded.length) await this.queueWrite(() => this.drafts.discard(this.key, discarded));
    await this.flush();
  }

  /** Leaves the merge view without choosing: nothing is saved, everything typed stays. */
  cancelConflict(): void {
    this.set({ conflict: null });
  }

  /** The person saw which answers a save clears and went on. */
  confirmClears(): Promise<SaveOutcome> {
    const confirm = this.state.confirm;
    this.set({ confirm: null });
    return this.save(confirm?.then ?? {});
  }

  cancelClears(): void {
    this.set({ confirm: null });
  }

  /** The person discards everything typed here (after being shown what), or only `ids`. */
  async discard(ids?: string[]): Promise<void> {
    const all = ids ?? Object.keys(this.state.mine);
    const mine = { ...this.state.mine };
    for (const id of all) delete mine[id];
    this.set({ mine });
    for (const id of all) this.touched.delete(id);
    await this.queueWrite(() => this.drafts.discard(this.key, all));
  }

  /* ---------- what happens around the page ---------- */

  /** Loads the server's state again (a change made elsewhere, a reconnection); typed values stay. */
  async refresh(): Promise<void> {
    if (this.state.phase !== 'ready') return this.open();
    const seq = ++this.loadSeq;
    const answer = await this.server.load();
    if (seq !== this.loadSeq || this.disposed) return;
    if (answer.kind === 'signed-out') return this.sessionEnded();
    if (answer.kind !== 'loaded') return;
    this.adopt(answer.view);
  }

  /**
   * The lock as the page learned it (a renewal, a refused save): losing it keeps what is
   * typed, on the page and in the draft.
   */
  lockChanged(lock: LockView): void {
    const view = this.state.view;
    if (!view) return;
    const wasMine = view.lock.holder === 'this-tab';
    const isMine = lock.holder === 'this-tab';
    if (wasMine === isMine && JSON.stringify(lock) === JSON.stringify(view.lock)) return;
    this.set({
      view: { ...view, lock },
      held: this.state.held || isMine,
      lost: wasMine && !isMine ? lock : isMine ? null : this.state.lost,
    });
    if (wasMine && !isMine) void this.flush();
    // editable here again: what this user typed meanwhile in this browser is shown
    if (!wasMine && isMine) void this.takeDraftBack();
  }

  /** Takes the lock over from another tab of this user; what that tab typed comes along through the draft. */
  async takeOver(): Promise<{ ok: boolean; message?: string }> {
    if (!this.server.takeOver) return { ok: false };
    const answer = await this.server.takeOver();
    if (answer.kind === 'signed-out') {
      this.sessionEnded();
      return { ok: false, message: answer.message };
    }
    if (answer.kind !== 'taken') return { ok: false, message: answer.message };
    this.lockChanged(answer.lock);
    await this.refresh();
    return { ok: true };
  }

  /**
   * The page turned editable again here (regained or taken over): the draft is the
   * newest of what this user typed in this browser (this tab's typing, or another tab's
   * since), so its fields are shown.
   */
  private async takeDraftBack() {
    await this.writes;
    const draft = await this.readDraft();
    const view = this.state.view;
    if (!draft || !view) return;
    const mine = { ...this.state.mine };
    for (const [id, field] of Object.entries(draft.fields)) {
      if (!this.equal(id, field.value, view.values[id] ?? null)) mine[id] = { value: field.value, over: field.over };
    }
    this.set({ mine });
  }

  /** The session ended (another tab logged out, an admin ended it, it expired): read-only, typed values kept. */
  sessionEnded(): void {
    this.set({ signedOut: true });
    void this.flush();
  }

  /** The questionnaire was closed (Submit As Final, an admin) or reopened. */
  statusChanged(open: boolean): void {
    const view = this.state.view;
    if (!view || view.open === open) return;
    this.set({ view: { ...view, open } });
    void this.flush();
  }

  /** The page goes: what is typed is written to the draft store. */
  async dispose(): Promise<void> {
    const written = this.flush();
    this.disposed = true;
    await written;
  }
}
