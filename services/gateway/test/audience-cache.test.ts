import { randomUUID } from 'node:crypto';

import { RoleIds, type RoleName } from '@cti/access';
import { SurrogateHeaders, type GroupIndexRow } from '@cti/contracts';
import { scoringService } from '@cti/scoring';
import { fixedClock, type ServiceApp } from '@cti/service-kit';
import {
  announceWorld,
  eventually,
  publish,
  saveScores,
  scoreInputs as inputs,
  scoringAdminToken,
  scoringAnswersForOpen,
  signExpiredTestToken,
  signTestToken,
  testContextForTests,
  urlOf,
  type World,
} from '@cti/testing';

import { gatewayService } from '../src/app';

const context = testContextForTests();
let scoring: ServiceApp;
let gateway: ServiceApp;
let world: World;
const clock = fixedClock('2026-06-01T00:00:00Z');
const LIST = '/api/group/index/list';

/** A reader's token: `who` changes everything a token says but the access (roles, groups, flags). */
const reader = (who: string, roles: RoleName[], groups: string[] = []) =>
  signTestToken({
    sub: `${who}-${randomUUID()}`,
    email: `${who}@${who}.example`,
    name: who,
    roles: roles.map((r) => RoleIds[r]),
    groups,
    isAdmin: roles.includes('Admin'),
    free: roles.includes('FreeAccess'),
  });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let visitor = 0;
/** Each request from another address, so the gateway's rate limit never interferes. */
const viaGateway = (url: string, headers: Record<string, string>, app = gateway) =>
  app.inject({ method: 'GET', url, headers, remoteAddress: `10.1.0.${(visitor = (visitor % 250) + 1)}` });

/** How many times scoring has answered GET `route` (its request counter, any status). */
async function scoringAnswered(route = LIST): Promise<number> {
  const text = (await scoring.inject({ method: 'GET', url: '/metrics' })).body;
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('http_requests_total{') && line.includes('method="GET"') && line.includes(`route="${route}"`)) {
      total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
  }
  return total;
}

const ieGroup = () => world.countries.IE.groupId;

/** Waits until the gateway hears revocations (its readiness says so; it is ready, `degraded`, before). */
async function hearingRevocations(app: ServiceApp): Promise<void> {
  await eventually(
    async () =>
      (await app.inject({ method: 'GET', url: '/health/ready' })).json<{ checks: Record<string, unknown> }>().checks.revocations === true,
  );
}

beforeAll(async () => {
  scoring = await context.ctx.start(scoringService);
  await scoring.listen({ port: 0, host: '127.0.0.1' });
  const scoringAdmin = scoringAdminToken();
  world = await announceWorld(
    scoring,
    [
      ['Ireland', 'IE'],
      ['Kenya', 'KE'],
    ],
    ['2024 1st Q'],
    {
      settled: scoringAnswersForOpen(scoring),
      duringPeriod: async (period, w) => {
        // Ireland on the watchlist: who may see the flag tells audiences apart
        await saveScores(scoring, w.questionnaires[`IE:${period}`]!, { ...inputs(4), QualifyingDeclarations: true, Watchlist: true });
        await saveScores(scoring, w.questionnaires[`KE:${period}`]!, { ...inputs(3), QualifyingDeclarations: true });
      },
    },
  );
  await eventually(async () => {
    const rows = (await scoring.inject({ method: 'GET', url: LIST, headers: bearer(scoringAdmin) })).json<GroupIndexRow[]>();
    return Array.isArray(rows) && rows.filter((r) => r.Scored).length === 2;
  });
  gateway = await context.ctx.start(gatewayService, { SCORING_URL: urlOf(scoring), RATE_LIMIT_PER_MINUTE: '100000' }, { clock });
  // the gateway answers from memory only once it hears revocations
  await hearingRevocations(gateway);
});

/** Every kept answer stale: each test starts from scoring. */
beforeEach(() => clock.advance(60_000));

describe('readers of one audience', () => {
  it('answers a second reader of the same audience from memory, with the bytes and ETag scoring gave the first', async () => {
    const before = await scoringAnswered();
    const ann = await viaGateway(LIST, bearer(reader('ann', ['Standard'])));
    const bob = await viaGateway(LIST, bearer(reader('bob', ['Standard'])));
    expect([ann.statusCode, bob.statusCode]).toEqual([200, 200]);
    expect(await scoringAnswered()).toBe(before + 1);
    expect([bob.headers.etag, bob.body]).toEqual([ann.headers.etag, ann.body]);
    // what browsers and outside caches are told is scoring's: for the caller only, revalidated
    expect(bob.headers['cache-control']).toBe('private, no-cache');
    expect(bob.headers.vary).toBe('Authorization');
    expect(bob.headers['content-type']).toMatch(/^application\/json/);
    // what scoring told the gateway is not passed on; the gateway's own headers are on every answer
    for (const res of [ann, bob]) {
      expect(res.headers[SurrogateHeaders.audience]).toBeUndefined();
      expect(res.headers[SurrogateHeaders.control]).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(bob.headers['x-request-id']).not.toBe(ann.headers['x-request-id']);
  });

  it('answers 304 from memory to a reader holding the kept version', async () => {
    const first = await viaGateway(LIST, bearer(reader('ann', ['Enhanced'])));
    const before = await scoringAnswered();
    const again = await viaGateway(LIST, { ...bearer(reader('bob', ['Enhanced'])), 'if-none-match': String(first.headers.etag) });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect(await scoringAnswered()).toBe(before);
  });

  it('asks scoring once for many readers of one audience asking at once', async () => {
    const before = await scoringAnswered();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => viaGateway(LIST, bearer(reader(`r${i}`, ['AWGMember'])))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await scoringAnswered()).toBe(before + 1);
  });

  it('asks scoring again once the kept answer is stale, keeping the body when scoring answers 304', async () => {
    const first = await viaGateway(LIST, bearer(reader('ann', ['Standard'])));
    clock.advance(600);
    const before = await scoringAnswered();
    const second = await viaGateway(LIST, bearer(reader('bob', ['Standard'])));
    const third = await viaGateway(LIST, bearer(reader('cid', ['Standard'])));
    expect([second.body, third.body]).toEqual([first.body, first.body]);
    // one revalidation, then fresh again
    expect(await scoringAnswered()).toBe(before + 1);
  });
});

describe('never another audience’s answer', () => {
  const audiences: Array<[string, RoleName[], () => string[]]> = [
    ['a Standard subscriber', ['Standard'], () => []],
    ['a free user', ['FreeAccess'], () => []],
    ['a viewer of Ireland', ['CountryViewer'], () => [ieGroup()]],
    ['a viewer of Kenya', ['CountryViewer'], () => [world.countries.KE.groupId]],
    ['a respondent of Ireland', ['CountryRespondent'], () => [ieGroup()]],
    ['a respondent of Kenya', ['CountryRespondent'], () => [world.countries.KE.groupId]],
    ['a working-group member', ['AWGMember'], () => []],
    ['an admin', ['Admin'], () => []],
  ];

  it.each(['/api/group/index/list', '/api/group/index/asu', '/api/group/index/map'])(
    '%s: every reader, asking in turn with the others, gets what scoring gives them directly',
    async (path) => {
      for (let round = 0; round < 3; round++) {
        for (const [, roles, groups] of audiences) {
          const token = reader(`round${round}`, roles, groups());
          const [through, direct] = await Promise.all([
            viaGateway(path, bearer(token)),
            scoring.inject({ method: 'GET', url: path, headers: bearer(token) }),
          ]);
          expect([roles, through.statusCode, through.body]).toEqual([roles, direct.statusCode, direct.body]);
        }
      }
    },
  );

  it('shows Ireland’s watchlist flag only to those who may see it, from memory as from scoring', async () => {
    const ieRow = async (token: string) =>
      (await viaGateway(LIST, bearer(token))).json<GroupIndexRow[]>().find((r) => r.CountryId === 'IE')!;
    // Ireland's respondents see its flag, Kenya's do not, nor do free users
    expect((await ieRow(reader('a', ['CountryRespondent'], [ieGroup()]))).Watchlist).toBe(true);
    expect((await ieRow(reader('b', ['CountryRespondent'], [world.countries.KE.groupId]))).Watchlist).toBe(false);
    expect((await ieRow(reader('c', ['FreeAccess']))).Watchlist).toBe(false);
    expect((await ieRow(reader('d', ['CountryRespondent'], [ieGroup()]))).Watchlist).toBe(true);
    expect((await ieRow(reader('e', ['CountryRespondent'], [world.countries.KE.groupId]))).Watchlist).toBe(false);
  });
});

describe('tokens the gateway cannot vouch for go to scoring', () => {
  it('an expired token gets scoring’s 401 with Token-Expired, even while its audience’s answer is kept', async () => {
    await viaGateway(LIST, bearer(reader('fresh', ['Standard'])));
    const expired = signExpiredTestToken({ sub: 'late', roles: [RoleIds.Standard] }, 30);
    const res = await viaGateway(LIST, bearer(expired));
    expect([res.statusCode, res.headers['token-expired']]).toEqual([401, 'true']);
  });

  it('a forged token (another key, or a changed payload) gets 401', async () => {
    const genuine = reader('ann', ['Admin']);
    await viaGateway(LIST, bearer(genuine));
    const [head, payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const changed = Buffer.from(JSON.stringify({ ...claims, sub: 'mallory' })).toString('base64url');
    for (const token of [`${head}.${changed}.${signature}`, `${head}.${payload}.${'A'.repeat(signature.length)}`]) {
      const res = await viaGateway(LIST, bearer(token));
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('GroupId');
    }
  });

  it('a revoked token gets 401 as soon as the revocation is heard, while others of its audience are still answered', async () => {
    const sub = `revoked-${randomUUID()}`;
    const claims = { sub, roles: [RoleIds.Enhanced], email: 'rory@example.com', name: 'Rory' };
    const token = signTestToken(claims);
    const colleague = reader('col', ['Enhanced']);
    expect((await viaGateway(LIST, bearer(token))).statusCode).toBe(200);
    expect((await viaGateway(LIST, bearer(colleague))).statusCode).toBe(200);
    // as identity publishes it when access is taken away
    await publish(scoring, 'evt.identity.user.tokensRevoked', {
      userId: sub,
      email: 'rory@example.com',
      revokedBefore: new Date(Date.now() + 1000).toISOString(),
      reason: 'access changed',
    });
    const issued = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string; iat: number };
    await eventually(async () => scoring.revocations.isRevoked(issued));
    // the kept answer stays fresh (the gateway's clock stands still): only the gateway hearing the revocation ends it for this token
    const refused = await eventually(async () => {
      const res = await viaGateway(LIST, bearer(token));
      return res.statusCode === 401 ? res : null;
    });
    expect(refused.body).not.toContain('GroupId');
    expect((await viaGateway(LIST, bearer(colleague))).statusCode).toBe(200);
  });

  it('a request with a query string, or for another read, is never answered from memory', async () => {
    const token = reader('ann', ['Admin']);
    await viaGateway(LIST, bearer(token));
    for (const url of [`${LIST}?fresh=1`, `/api/group/index/${ieGroup()}`]) {
      const route = url.startsWith(LIST) ? LIST : '/api/group/index/:groupId';
      const before = await scoringAnswered(route);
      await viaGateway(url, bearer(token));
      await viaGateway(url, bearer(reader('bob', ['Admin'])));
      expect([url, await scoringAnswered(route)]).toEqual([url, before + 2]);
    }
  });
});

describe('a score saved through the gateway', () => {
  it('is what the next read through that gateway shows, to every audience, however fresh the kept answers', async () => {
    const kenya = (body: string) => (JSON.parse(body) as GroupIndexRow[]).find((r) => r.CountryId === 'KE')!.Score;
    const admin = scoringAdminToken();
    const standard = reader('std', ['Standard']);
    const before = [kenya((await viaGateway(LIST, bearer(admin))).body), kenya((await viaGateway(LIST, bearer(standard))).body)];
    // the gateway's clock stands still: its kept answers never go stale by themselves
    const saved = await saveScores(
      gateway,
      world.questionnaires['KE:2024 1st Q']!,
      { ...inputs(3.5), QualifyingDeclarations: true },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    const after = [
      kenya((await viaGateway(LIST, bearer(admin))).body),
      kenya((await viaGateway(LIST, bearer(reader('std2', ['Standard'])))).body),
    ];
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  });
});

describe('a score saved through another gateway (two gateway replicas)', () => {
  it('is what the next read through this gateway shows, once scoring says its read models changed', async () => {
    const other = await context.ctx.start(gatewayService, { SCORING_URL: urlOf(scoring), RATE_LIMIT_PER_MINUTE: '100000' });
    const kenya = (body: string) => (JSON.parse(body) as GroupIndexRow[]).find((r) => r.CountryId === 'KE')!.Score;
    const standard = reader('std3', ['Standard']);
    const admin = scoringAdminToken();
    // this gateway keeps both audiences' lists; its clock stands still, so they never go stale by themselves
    const before = [kenya((await viaGateway(LIST, bearer(admin))).body), kenya((await viaGateway(LIST, bearer(standard))).body)];
    const answered = await scoringAnswered();
    expect(kenya((await viaGateway(LIST, bearer(reader('std4', ['Standard'])))).body)).toBe(before[1]);
    expect(await scoringAnswered()).toBe(answered);

    const saved = await saveScores(other, world.questionnaires['KE:2024 1st Q']!, { ...inputs(2.5), QualifyingDeclarations: true }, admin);
    expect(saved.statusCode).toBe(200);
    // the signal crosses NATS: a few milliseconds here (the scale suite holds it to a second)
    await eventually(async () => kenya((await viaGateway(LIST, bearer(reader('std5', ['Standard'])))).body) !== before[1], 10_000, 20);
    expect(kenya((await viaGateway(LIST, bearer(admin))).body)).not.toBe(before[0]);
  });
});

describe('a gateway that does not hear revocations', () => {
  it('is ready all the same, and says what it lacks when NATS does not answer', async () => {
    const unheard = await context.ctx.start(gatewayService, { SCORING_URL: urlOf(scoring), NATS_URL: 'nats://127.0.0.1:9' }, { clock });
    const ready = await unheard.inject({ method: 'GET', url: '/health/ready' });
    // (the services this test does not start are named degraded beside it)
    expect([ready.statusCode, ready.json()]).toMatchObject([200, { status: 'degraded', checks: { revocations: 'degraded' } }]);
    const before = await scoringAnswered();
    await viaGateway(LIST, bearer(reader('ann', ['Standard'])), unheard);
    await viaGateway(LIST, bearer(reader('bob', ['Standard'])), unheard);
    expect(await scoringAnswered()).toBe(before + 2);
  });

  let deaf: ServiceApp;
  beforeAll(async () => {
    deaf = await context.ctx.start(
      gatewayService,
      { SCORING_URL: urlOf(scoring), RATE_LIMIT_PER_MINUTE: '100000', NATS_URL: '' },
      { clock },
    );
  });

  it('leaves the events stream to the services: it hears revocations once one has made it', async () => {
    const stream = { EVENTS_STREAM: `EVENTS_NEW_${randomUUID().slice(0, 8)}`, EVENTS_SUBJECT_PREFIX: `n${randomUUID().slice(0, 8)}` };
    const early = await context.ctx.start(gatewayService, { SCORING_URL: urlOf(scoring), ...stream });
    // had it made the stream (with its own replicas setting) it would hear revocations by now
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const revocationsCheck = async () =>
      (await early.inject({ method: 'GET', url: '/health/ready' })).json<{ checks: Record<string, unknown> }>().checks.revocations;
    expect(await revocationsCheck()).toBe('degraded');
    await context.ctx.start(scoringService, stream);
    await eventually(async () => (await revocationsCheck()) === true);
  });

  it('sends every reader to scoring, and passes on nothing scoring meant for a surrogate', async () => {
    const before = await scoringAnswered();
    const ann = await viaGateway(LIST, bearer(reader('ann', ['Standard'])), deaf);
    const bob = await viaGateway(LIST, bearer(reader('bob', ['Standard'])), deaf);
    expect([ann.statusCode, bob.statusCode]).toEqual([200, 200]);
    expect(await scoringAnswered()).toBe(before + 2);
    for (const res of [ann, bob])
      expect([res.headers[SurrogateHeaders.audience], res.headers[SurrogateHeaders.control]]).toEqual([undefined, undefined]);
  });
});

describe('a score change', () => {
  let live: ServiceApp;
  beforeAll(async () => {
    // on the system clock: the kept answer goes stale as it would in production
    live = await context.ctx.start(gatewayService, { SCORING_URL: urlOf(scoring), RATE_LIMIT_PER_MINUTE: '100000' });
    await hearingRevocations(live);
  });

  it('is visible through the gateway once its kept answer’s half second is over, however busy the machine', async () => {
    const token = reader('watcher', ['Standard']);
    const kenyaScore = (body: string) => (JSON.parse(body) as GroupIndexRow[]).find((r) => r.CountryId === 'KE')!.Score;
    const before = kenyaScore((await viaGateway(LIST, bearer(token), live)).body);
    const saved = await saveScores(scoring, world.questionnaires['KE:2024 1st Q']!, { ...inputs(4.5), QualifyingDeclarations: true });
    expect(saved.statusCode).toBe(200);
    await eventually(async () => {
      // readers keep the gateway's answer warm meanwhile
      await viaGateway(LIST, bearer(reader('busy', ['Standard'])), live);
      const direct = await scoring.inject({ method: 'GET', url: LIST, headers: bearer(token) });
      return kenyaScore(direct.body) !== before;
    });
    // scoring answers the change now: whatever the gateway kept was asked for before, and is
    // served for at most AUDIENCE_CACHE_TTL_MS (500 ms by default) from when it was asked for
    await new Promise((resolve) => setTimeout(resolve, 500));
    const through = await viaGateway(LIST, bearer(token), live);
    expect(kenyaScore(through.body)).not.toBe(before);
  });
});
