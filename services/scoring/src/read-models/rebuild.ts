import { createHash } from 'node:crypto';

import type { IndexAccessSettings } from '@cti/access';

import type { ScoringExecutor } from '../db';

import { buildReadModels, type BuildScope } from './build';
import { deleteReadModels, listReadModelEtags, lockReadModels, notifyReadModelsChanged, upsertReadModels } from './repository';
import { loadSnapshot } from './snapshot';

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;

/**
 * Rebuilds the read models from the current tables in the caller's transaction: the
 * lists always, per-country answers for the scope (all countries when none). Only
 * models whose body changed are written, so unchanged answers keep their ETags.
 * A full rebuild also drops models of countries that no longer exist.
 */
export async function rebuildReadModels(trx: ScoringExecutor, settings: IndexAccessSettings, scope: BuildScope = {}): Promise<number> {
  // one rebuild at a time: a rebuild that starts after another commits sees its rows
  await lockReadModels(trx);
  const models = buildReadModels(await loadSnapshot(trx), settings, scope);
  const existing = new Map((await listReadModelEtags(trx)).map((r) => [r.key, r.etag] as const));
  const changed: Array<{ key: string; etag: string; body: string }> = [];
  for (const [key, value] of models) {
    const body = JSON.stringify(value);
    const etag = etagOf(body);
    if (existing.get(key) !== etag) changed.push({ key, etag, body });
  }
  await upsertReadModels(trx, changed);
  let removed = 0;
  if (!scope.groupIds) {
    const stale = [...existing.keys()].filter((key) => !models.has(key));
    if (stale.length) removed = await deleteReadModels(trx, stale);
  }
  if (changed.length || removed) await notifyReadModelsChanged(trx);
  return changed.length + removed;
}
