import { waitFor } from '@testing-library/react';

import type { AnswerModel } from '@cti/contracts';

import { createConsentSession, CONSENT } from './consent-session';
import { memoryDraftStore, type DraftStore } from './draft-store';
import { EditSession, type EditServer, type LockView, type SaveAnswer, type ServerView } from './edit-session';
import { createNoteSession, NOTE } from './note-session';
import type { Reply } from './section-session';

/*
 * The edit session's promises where the page turns read-only or is left: a second tab of
 * the same user, a lock lost, the questionnaire closing, the session ending, and the admin
 * notes and consent kept as drafts like answers. The service is a small one in memory with
 * one lock per tab; the draft store is the one pages use where IndexedDB is refused.
 */

const KEY = { userId: 'rory', questionnaireId: 'q1', target: 'section:22' } as const;

/** The stored answers of one section, a version, and a lock held by one tab at a time. */
class Service {
  values: Record<string, AnswerModel> = { days: 30 };
  version = 1;
  open = true;
  lockedBy: string | null = null;

  lockFor(tab: string): LockView {
    if (this.lockedBy === null || this.lockedBy === tab) return { holder: 'this-tab' };
    return this.lockedBy.startsWith('rory') ? { holder: 'other-tab' } : { holder: 'other-user', name: 'Roisin Respondent' };
  }

  view(tab: string): ServerView {
    return { values: { ...this.values }, version: this.version, savedBy: null, savedAt: null, open: this.open, lock: this.lockFor(tab) };
  }

  /** A tab's gateway calls: opening a section takes its lock when it is free. */
  serverOf(tab: string): EditServer<ServerView> {
    return {
      load: async () => {
        this.lockedBy ??= tab;
        return { kind: 'loaded', view: this.view(tab) };
      },
      save: async (changes, basis): Promise<SaveAnswer<ServerView>> => {
        if (!this.open) return { kind: 'closed', message: 'The questionnaire is closed.' };
        if (this.lockedBy !== tab) return { kind: 'locked', message: 'Someone else is editing this section.', lock: this.lockFor(tab) };
        if (basis.version !== this.version) return { kind: 'stale', message: 'Changed meanwhile.', view: this.view(tab) };
        for (const change of changes) this.values[change.id] = change.value;
        this.version++;
        return { kind: 'saved', message: 'Your answers have been saved.', view: this.view(tab) };
      },
      takeOver: async () => {
        this.lockedBy = tab;
        return { kind: 'taken', lock: { holder: 'this-tab' } };
      },
    };
  }
}

const sessionOf = (service: Service, tab: string, drafts: DraftStore) =>
  new EditSession({ server: service.serverOf(tab), drafts, key: KEY, draftDelayMs: 1 });

async function opened<V extends ServerView>(session: EditSession<V>) {
  await session.open();
  return session;
}

/** Rory's first tab holds the section and typed days = 45 (in the draft); his second tab opened it. */
async function twoTabs() {
  const service = new Service();
  const drafts = memoryDraftStore();
  const first = await opened(sessionOf(service, 'rory-tab-1', drafts));
  first.change('days', 45);
  await first.settled();
  const second = await opened(sessionOf(service, 'rory-tab-2', drafts));
  return { service, drafts, first, second };
}

describe('a section edited in two tabs of one user', () => {
  it('reads only in the second tab until it takes over; what the first typed comes along, and the first keeps it, read-only', async () => {
    const { service, drafts, first, second } = await twoTabs();
    expect(second.readOnlyReason()).toEqual({ why: 'other-tab' });
    expect(second.change('days', 60)).toBe(false);
    // the first tab's work in progress is not offered here as an old draft
    expect(second.getState().offer).toBeNull();

    expect(await second.takeOver()).toEqual({ ok: true });
    expect(second.editable()).toBe(true);
    // the draft is read back a moment after the lock came
    await waitFor(() => expect(second.shown('days')).toBe(45));

    // the first tab learns it lost the lock (its next renewal or save): its text stays, read-only
    expect(await first.save()).toMatchObject({ kind: 'read-only' });
    expect(first.readOnlyReason()).toEqual({ why: 'lock-lost', now: { holder: 'other-tab' } });
    expect(first.shown('days')).toBe(45);
    expect(service.values.days).toBe(30);

    expect(await second.save()).toMatchObject({ kind: 'saved' });
    expect(service.values.days).toBe(45);
    expect(await drafts.read(KEY)).toBeNull();
  });
});

describe('the draft shared by the tabs of one user', () => {
  it("keeps what a tab that lost its lock unseen typed, when the tab holding the lock stores the field's older value", async () => {
    const { service, drafts, first, second } = await twoTabs();
    expect(await second.takeOver()).toEqual({ ok: true });
    await waitFor(() => expect(second.shown('days')).toBe(45));

    // the first tab has not heard yet that the lock moved: the person types on there
    expect(first.change('days', 50)).toBe(true);
    await first.settled();
    expect(await second.save()).toMatchObject({ kind: 'saved' });
    await second.settled();

    expect(service.values.days).toBe(45);
    expect((await drafts.read(KEY))?.fields.days?.value).toBe(50);
    expect(await first.save()).toMatchObject({ kind: 'read-only' });
    expect(first.shown('days')).toBe(50);
  });
});

describe('the page turns read-only and keeps what is typed, on the page and in the draft', () => {
  it('when someone else took the lock', async () => {
    const service = new Service();
    const drafts = memoryDraftStore();
    const session = await opened(sessionOf(service, 'rory-tab-1', drafts));
    session.change('days', 45);
    service.lockedBy = 'roisin';
    session.lockChanged({ holder: 'other-user', name: 'Roisin Respondent' });
    await session.settled();
    expect(session.readOnlyReason()).toEqual({ why: 'lock-lost', now: { holder: 'other-user', name: 'Roisin Respondent' } });
    expect(session.shown('days')).toBe(45);
    expect(session.unsaved()).toEqual(['days']);
    expect((await drafts.read(KEY))?.fields.days?.value).toBe(45);
  });

  it('when the questionnaire closed (submitted as final), and the save is refused', async () => {
    const service = new Service();
    const drafts = memoryDraftStore();
    const session = await opened(sessionOf(service, 'rory-tab-1', drafts));
    session.change('days', 45);
    service.open = false;
    expect(await session.save()).toMatchObject({ kind: 'read-only' });
    await session.settled();
    expect(session.readOnlyReason()).toEqual({ why: 'closed' });
    expect(session.shown('days')).toBe(45);
    expect((await drafts.read(KEY))?.fields.days?.value).toBe(45);
  });

  it('when the session ended; signing in again offers the draft back', async () => {
    const service = new Service();
    const drafts = memoryDraftStore();
    const session = await opened(sessionOf(service, 'rory-tab-1', drafts));
    session.change('days', 45);
    session.sessionEnded();
    await session.settled();
    expect(session.readOnlyReason()).toEqual({ why: 'signed-out' });
    expect(session.shown('days')).toBe(45);
    await session.dispose();

    service.lockedBy = null;
    const again = await opened(sessionOf(service, 'rory-tab-1', drafts));
    expect(again.getState().offer?.fields.days?.value).toBe(45);
    expect(again.editable()).toBe(false);
    again.restoreOffer();
    expect(again.shown('days')).toBe(45);
    expect(await again.save()).toMatchObject({ kind: 'saved' });
    expect(service.values.days).toBe(45);
  });
});

const ok = (body: unknown): Reply => ({ status: 200, body });

describe('a typed value the server does not keep (its conditions hide the question)', () => {
  /** A section whose question `hidden` the server's conditions hide: a value sent for it is not stored. */
  class HidingService extends Service {
    /** Whether a save asks first, naming the sent value it drops (a versioned save of the questionnaire service). */
    asks = false;

    override serverOf(tab: string): EditServer<ServerView> {
      const server = super.serverOf(tab);
      return {
        ...server,
        save: async (changes, basis) => {
          const dropped = changes.filter((c) => c.id === 'hidden' && c.value !== null);
          if (this.asks && dropped.length && basis.confirmed !== 'token') {
            const clears = dropped.map((c) => ({ id: c.id, where: null, text: 'Hidden question', value: c.value }));
            return { kind: 'confirm', message: 'Saving clears 1 answer.', clears, token: 'token' };
          }
          return server.save(
            changes.map((c) => (c.id === 'hidden' ? { ...c, value: null } : c)),
            basis,
          );
        },
      };
    }
  }

  it('stays typed and in the draft when a save answers "saved" without storing it', async () => {
    const service = new HidingService();
    const drafts = memoryDraftStore();
    const session = await opened(sessionOf(service, 'rory-tab-1', drafts));
    session.change('days', 45);
    session.change('hidden', '2020-02-15');
    expect((await session.save()).kind).toBe('saved');
    await session.settled();

    expect(service.values).toEqual({ days: 45, hidden: null });
    expect(session.unsaved()).toEqual(['hidden']);
    expect((await drafts.read(KEY))?.fields).toEqual({ hidden: expect.objectContaining({ value: '2020-02-15', over: null }) });
  });

  it('is let go once the person confirmed the clearing that named it', async () => {
    const service = new HidingService();
    service.asks = true;
    const drafts = memoryDraftStore();
    const session = await opened(sessionOf(service, 'rory-tab-1', drafts));
    session.change('hidden', '2020-02-15');
    expect((await session.save()).kind).toBe('confirm');
    expect(session.getState().confirm?.clears.map((c) => c.id)).toEqual(['hidden']);
    expect((await session.confirmClears()).kind).toBe('saved');
    await session.settled();

    expect(session.unsaved()).toEqual([]);
    expect(await drafts.read(KEY)).toBeNull();
  });
});

describe('answers of the page a save clears', () => {
  it('are cleared only as named: one hidden by typing while the person was asked is asked about again', async () => {
    const service = new Service();
    service.values = { days: 30, gate: 0, a: 'kept a', b: 'kept b' };
    const drafts = memoryDraftStore();
    // `gate` 1 hides a, 2 hides a and b
    const hidden = (values: Record<string, AnswerModel>) =>
      (['a', 'b'] as const)
        .filter((id, i) => Number(values.gate) > i && values[id] !== null)
        .map((id) => ({ id, where: null, text: `Question ${id}`, value: values[id] ?? null }));
    const session = await opened(
      new EditSession({ server: service.serverOf('rory-tab-1'), drafts, key: KEY, draftDelayMs: 1, clearsHere: hidden }),
    );
    session.change('gate', 1);
    expect(await session.save()).toEqual({ kind: 'confirm' });
    expect(session.getState().confirm?.clears.map((c) => c.id)).toEqual(['a']);

    // typed on while the dialog was open: b is hidden now too
    session.change('gate', 2);
    expect(await session.confirmClears()).toEqual({ kind: 'confirm' });
    expect(session.getState().confirm?.clears.map((c) => c.id)).toEqual(['a', 'b']);
    expect(service.values).toEqual({ days: 30, gate: 0, a: 'kept a', b: 'kept b' });

    expect(await session.confirmClears()).toMatchObject({ kind: 'saved' });
    expect(service.values).toEqual({ days: 30, gate: 2, a: null, b: null });
  });
});

describe('typing during a save', () => {
  it('keeps a value typed back to the stored one while the save stores what it sent', async () => {
    const service = new Service();
    const drafts = memoryDraftStore();
    const session = await opened(sessionOf(service, 'rory-tab-1', drafts));
    session.change('days', 45);
    const saving = session.save();
    // Enter pressed, then the field typed back to 30 (what the server held) before the answer came
    expect(session.change('days', 30)).toBe(true);
    expect((await saving).kind).toBe('saved');
    await session.settled();

    expect(service.values.days).toBe(45);
    expect(session.shown('days')).toBe(30);
    expect(session.unsaved()).toEqual(['days']);
    expect((await drafts.read(KEY))?.fields.days).toMatchObject({ value: 30, over: 45 });
  });
});

describe('a save with nothing to send asks the server before saying so', () => {
  /**
   * Rory's tab opened the section (days = 30, version 1); its lock lapsed unseen (a network
   * drop), Roisin took the section, saved days = 45 and, in `left`, let it go again.
   */
  async function staleTab(options: { roisinLeft: boolean }) {
    const service = new Service();
    const drafts = memoryDraftStore();
    const rory = await opened(sessionOf(service, 'rory-tab-1', drafts));
    service.lockedBy = null;
    const roisin = await opened(sessionOf(service, 'roisin', memoryDraftStore()));
    roisin.change('days', 45);
    expect((await roisin.save()).kind).toBe('saved');
    if (options.roisinLeft) service.lockedBy = null;
    // the tab still shows 30 and believes the lock is its own
    expect(rory.editable()).toBe(true);
    expect(rory.shown('days')).toBe(30);
    return { service, drafts, rory };
  }

  it('shows mine beside the newer stored answer when the field was typed back to what an old page shows', async () => {
    const { service, drafts, rory } = await staleTab({ roisinLeft: true });
    rory.change('days', 31);
    rory.change('days', 30);

    const outcome = await rory.save();
    expect(outcome).toEqual({ kind: 'conflict' });
    expect(rory.getState().conflict?.rows).toEqual([{ id: 'days', mine: 30, stored: 45, over: 30 }]);
    expect(service.values.days).toBe(45);
    expect((await drafts.read(KEY))?.fields.days?.value).toBe(30);

    await rory.resolveConflict({ days: 'mine' });
    expect(await rory.save()).toMatchObject({ kind: 'saved' });
    await rory.settled();
    expect(service.values.days).toBe(30);
    expect(await drafts.read(KEY)).toBeNull();
  });

  it('keeps the value, read-only and in the draft, when someone else holds the lock now; the next visit offers it', async () => {
    const { service, drafts, rory } = await staleTab({ roisinLeft: false });
    expect(rory.change('days', 30)).toBe(true);

    expect(await rory.save()).toMatchObject({ kind: 'read-only' });
    await rory.settled();
    expect(rory.readOnlyReason()).toEqual({ why: 'lock-lost', now: { holder: 'other-user', name: 'Roisin Respondent' } });
    expect(rory.shown('days')).toBe(30);
    expect(service.values.days).toBe(45);
    expect((await drafts.read(KEY))?.fields.days).toMatchObject({ value: 30, over: 30 });
    await rory.dispose();

    service.lockedBy = null;
    const again = await opened(sessionOf(service, 'rory-tab-1', drafts));
    expect(again.getState().offer?.fields.days?.value).toBe(30);
  });

  it('says "There were no changes to save." once the server holds what the page shows', async () => {
    const service = new Service();
    const drafts = memoryDraftStore();
    const server = service.serverOf('rory-tab-1');
    const load = jest.spyOn(server, 'load');
    const session = await opened(new EditSession({ server, drafts, key: KEY, draftDelayMs: 1 }));
    session.change('days', 31);
    session.change('days', 30);

    expect(await session.save()).toEqual({ kind: 'nothing', message: 'There were no changes to save.' });
    expect(load).toHaveBeenCalledTimes(2);
    await session.settled();
    expect(session.getState().mine).toEqual({});
    expect(await drafts.read(KEY)).toBeNull();
  });
});

describe('admin notes and consent are drafts like answers', () => {
  it('keeps a typed admin note on leaving, offers it back, and refuses to overwrite a note saved meanwhile', async () => {
    const drafts = memoryDraftStore();
    let stored = { Comment: '<p>Ask about the detention cases.</p>', Version: 3, SavedBy: 'Ada Admin', SavedAt: '2026-09-01T10:00:00Z' };
    const calls = {
      load: async () => ok(stored),
      isOpen: async () => true,
      save: async (comment: string, version: number | null): Promise<Reply> => {
        if (version !== stored.Version) return { status: 409, body: { Reason: 'stale', message: 'Changed meanwhile.', ...stored } };
        stored = { ...stored, Comment: comment, Version: stored.Version + 1 };
        return ok({ ...stored, message: 'Admin note saved.' });
      },
    };
    const open = () => opened(createNoteSession({ calls, drafts, userId: 'ada', questionnaireId: 'q1', sectionId: 11 }));

    const note = await open();
    note.change(NOTE, '<p>Ask about the detention cases in 2025.</p>');
    await note.dispose();

    // meanwhile another admin saved the note
    stored = { ...stored, Comment: '<p>Answered by phone.</p>', Version: 4, SavedBy: 'Bob Admin' };
    const again = await open();
    expect(again.getState().offer?.fields[NOTE]?.value).toBe('<p>Ask about the detention cases in 2025.</p>');
    again.restoreOffer();
    expect(await again.save()).toEqual({ kind: 'conflict' });
    expect(again.getState().conflict?.rows).toEqual([
      expect.objectContaining({ mine: '<p>Ask about the detention cases in 2025.</p>', stored: '<p>Answered by phone.</p>' }),
    ]);
    expect(stored.Comment).toBe('<p>Answered by phone.</p>');
  });

  it('keeps a consent picked and not submitted, and offers it back', async () => {
    const drafts = memoryDraftStore();
    let answer: 'Yes' | 'No' = 'Yes';
    const calls = {
      load: async () => ok({ Answer: answer }),
      isOpen: async () => true,
      save: async (picked: 'Yes' | 'No') => {
        answer = picked;
        return ok({ message: 'Thank you. Your consent has been recorded.' });
      },
    };
    const open = () => opened(createConsentSession({ calls, drafts, userId: 'rory', questionnaireId: 'q1' }));

    const consent = await open();
    consent.change(CONSENT, 'No');
    expect(consent.unsaved()).toEqual([CONSENT]);
    await consent.dispose();

    const again = await open();
    expect(again.getState().offer?.fields[CONSENT]?.value).toBe('No');
    again.restoreOffer();
    expect(await again.save()).toMatchObject({ kind: 'saved' });
    expect(answer).toBe('No');
    expect(await drafts.read({ userId: 'rory', questionnaireId: 'q1', target: 'consent' })).toBeNull();
  });
});
