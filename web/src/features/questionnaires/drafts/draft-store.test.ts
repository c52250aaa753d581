import { IDBFactory } from 'fake-indexeddb';

import { indexedDbDraftStore, memoryDraftStore, type DraftKey, type DraftStore } from './draft-store';

const rory: DraftKey = { userId: 'rory', questionnaireId: 'q-ie', target: 'section:22' };
const roisin: DraftKey = { ...rory, userId: 'roisin' };

let name = 0;
const stores: Array<[string, () => DraftStore]> = [
  [
    'IndexedDB',
    () => {
      globalThis.indexedDB = new IDBFactory();
      return indexedDbDraftStore(`drafts-${name++}`);
    },
  ],
  ['memory', memoryDraftStore],
];

describe.each(stores)('the draft store (%s)', (_, make) => {
  it('keeps typed fields per user: another user of the same browser reads none of them', async () => {
    const drafts = make();
    await drafts.keep(rory, { '22.1': { value: 'days = 45', over: null } }, 1000);
    expect(await drafts.read(rory)).toEqual({ fields: { '22.1': { value: 'days = 45', over: null, typedAt: 1000 } }, updatedAt: 1000 });
    expect(await drafts.read(roisin)).toBeNull();
    expect(await drafts.list('roisin')).toEqual([]);
    expect((await drafts.list('rory')).map((d) => d.key)).toEqual([rory]);
  });

  it('merges the fields of several writers instead of replacing the draft, and drops a field typed back to the stored value', async () => {
    const drafts = make();
    await drafts.keep(rory, { '22.1': { value: 'a', over: null } }, 1000);
    await drafts.keep(rory, { '22.2': { value: 'b', over: 'x' } }, 2000);
    expect(Object.keys((await drafts.read(rory))!.fields)).toEqual(['22.1', '22.2']);
    await drafts.keep(rory, { '22.2': null }, 3000);
    expect(Object.keys((await drafts.read(rory))!.fields)).toEqual(['22.1']);
  });

  it('lets a field go only once the server stored exactly that value: text typed on since stays', async () => {
    const drafts = make();
    await drafts.keep(rory, { '22.1': { value: 'days = 45', over: null }, '22.2': { value: 'typed on', over: null } }, 1000);
    await drafts.settle(rory, { '22.1': 'days = 45', '22.2': 'typed' });
    expect(Object.keys((await drafts.read(rory))!.fields)).toEqual(['22.2']);
    await drafts.settle(rory, { '22.2': 'typed on' });
    expect(await drafts.read(rory)).toBeNull();
  });

  it('discards the fields the person chose (or the whole draft)', async () => {
    const drafts = make();
    await drafts.keep(rory, { '22.1': { value: 'a', over: null }, '22.2': { value: 'b', over: null } }, 1000);
    await drafts.discard(rory, ['22.1']);
    expect(Object.keys((await drafts.read(rory))!.fields)).toEqual(['22.2']);
    await drafts.discard(rory);
    expect(await drafts.read(rory)).toBeNull();
  });

  it('loses no field when two tabs write at once', async () => {
    const drafts = make();
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => drafts.keep(rory, { [`22.${i}`]: { value: `answer ${i}`, over: null } }, 1000 + i)),
    );
    expect(Object.keys((await drafts.read(rory))!.fields)).toHaveLength(20);
  });
});

it('keeps drafts across a new store on the same database (a reload, a crash, signing in again)', async () => {
  globalThis.indexedDB = new IDBFactory();
  await indexedDbDraftStore('drafts-kept').keep(rory, { '22.1': { value: 'kept', over: null } }, 1000);
  expect((await indexedDbDraftStore('drafts-kept').read(rory))?.fields['22.1']?.value).toBe('kept');
});
