import { createHash } from 'node:crypto';

import type { IndexAccessSettings } from '@cti/access';
import { sql } from '@cti/db';

import type { ScoringExecutor } from '../db';

import { buildReadModels, type BuildScope } from './build';
import { loadSnapshot } from './snapshot';

/** Channel on which every replica hears that read models changed (their caches drop them). */
export const READ_MODELS_CHANNEL = 'scoring_read_models';

export const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;

/**
 * Rebuilds the read models from the current tables in the caller's transaction: the
 * lists always, per-country answers for the scope (all countries when none). Only
 * models whose body changed are written, so unchanged answers keep their ETags.
 * A full rebuild also drops models of countries that no longer exist.
 */
export async function rebuildReadModels(trx: ScoringExecutor, settings: IndexAccessSettings, scope: BuildScope = {}): Promise<number> {
  // one rebuild at a time: a rebuild that starts after another commits sees its rows
  await sql`select pg_advisory_xact_lock(hashtext(${READ_MODELS_CHANNEL}))`.execute(trx);
  const models = buildReadModels(await loadSnapshot(trx), settings, scope);
  const existing = new Map((await trx.selectFrom('readModels').select(['key', 'etag']).execute()).map((r) => [r.key, r.etag] as const));
  const changed: Array<{ key: string; etag: string; body: string }> = [];
  for (const [key, value] of models) {
    const body = JSON.stringify(value);
    const etag = etagOf(body);
    if (existing.get(key) !== etag) changed.push({ key, etag, body });
  }
  for (let i = 0; i < changed.length; i += 200) {
    await trx
      .insertInto('readModels')
      .values(changed.slice(i, i + 200))
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ etag: (eb) => eb.ref('excluded.etag'), body: (eb) => eb.ref('excluded.body'), updatedAt: sql`now()` }),
      )
      .execute();
  }
  let removed = 0;
  if (!scope.groupIds) {
    const stale = [...existing.keys()].filter((key) => !models.has(key));
    if (stale.length) removed = Number((await trx.deleteFrom('readModels').where('key', 'in', stale).executeTakeFirst()).numDeletedRows);
  }
  if (changed.length || removed) await sql`select pg_notify(${READ_MODELS_CHANNEL}, '')`.execute(trx);
  return changed.length + removed;
}
