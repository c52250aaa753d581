import { RoleIds, type RoleName } from '@cti/access';
import { sql } from '@cti/db';
import type { ServiceApp } from '@cti/service-kit';
import { announceWorld, signTestToken, type World } from '@cti/testing';

// the world's announcements and the scores' entry are shared with other services' tests
export { publish, saveScores, scoreInputs as inputs, type World } from '@cti/testing';

export const tokenFor = (roles: RoleName[], groups: string[] = [], extra: { free?: boolean } = {}) =>
  signTestToken({
    sub: `user-${roles.join('-') || 'none'}-${groups.join('-')}`,
    roles: roles.map((r) => RoleIds[r]),
    groups,
    isAdmin: roles.includes('Admin'),
    free: extra.free ?? roles.includes('FreeAccess'),
    name: roles.join(' '),
  });

export const adminToken = tokenFor(['Admin']);
export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Countries, periods and questionnaires as the other services would announce them, once scoring has projected each period. */
export const givenWorld = (
  app: ServiceApp,
  countries: Array<[name: string, code: string]>,
  periodNames: string[],
  /** Runs while the period is the open one (scores are entered before the next opens). */
  duringPeriod?: (periodName: string, world: World) => Promise<void>,
): Promise<World> =>
  announceWorld(app, countries, periodNames, {
    duringPeriod,
    settled: async (expected) => {
      const open = await sql<{ n: number }>`select count(*)::int as n from questionnaires where status = 'Open'`.execute(app.db);
      const all = await sql<{ n: number }>`select count(*)::int as n from questionnaires`.execute(app.db);
      return all.rows[0].n === expected.questionnaires.length && open.rows[0].n === expected.open.length;
    },
  });

export const get = (app: ServiceApp, url: string, token = adminToken, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });

export async function outboxOf(app: ServiceApp, type: string) {
  const rows = await sql<{
    payload: { data: Record<string, unknown>; actor: unknown };
  }>`select payload from outbox where type = ${type} order by seq`.execute(app.db);
  return rows.rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload));
}
