import { SectionIds } from '@cti/contracts';
import { sql } from '@cti/db';
import { fixedClock } from '@cti/service-kit';

import { caller, givenPeriod, q, questionnaireOf, respondentClaims, startWorld, type World } from '../helpers';

// An hour behind the wall clock: a lock stamped by the database's own time would already
// have lapsed, one stamped by the service clock has not.
const clock = fixedClock(new Date(Date.now() - 60 * 60_000));
const TTL_SECONDS = 10;

let world: World;
let ireland: string;
let questionnaireId: string;
const rory = () => caller(world.app, respondentClaims('rory', ireland, 'Dublin Law Partners', 'Rory Respondent'));
const roisin = () => caller(world.app, respondentClaims('roisin', ireland, 'Cork Aviation Law LLP', 'Roisin Respondent'));
const open = (c: ReturnType<typeof rory>, SectionId: number) =>
  c.post('/api/questionnaire/questions', { SectionId, GroupId: ireland, QuestionnaireId: questionnaireId });

beforeAll(async () => {
  world = await startWorld(['Ireland'], { LOCK_TTL_SECONDS: String(TTL_SECONDS) }, { clock });
  ireland = world.countries.Ireland!;
  await givenPeriod(world.app, 'September 2026');
  questionnaireId = (await questionnaireOf(world.app, ireland)).id;
});
afterAll(() => world.ctx.close());

describe('the service clock', () => {
  it('times a section lock: it holds until the clock passes its expiry, whatever the wall clock says', async () => {
    const takenAt = clock.now();
    expect((await open(rory(), SectionIds.Enforcement)).json()).toMatchObject({ IsLocker: true });
    const stored = await sql<{ acquiredAt: Date; expiresAt: Date }>`
      select acquired_at as "acquiredAt", expires_at as "expiresAt" from section_locks where questionnaire_id = ${questionnaireId}`.execute(
      world.app.db,
    );
    expect(new Date(stored.rows[0]!.acquiredAt).getTime()).toBe(takenAt.getTime());
    expect(new Date(stored.rows[0]!.expiresAt).getTime()).toBe(takenAt.getTime() + TTL_SECONDS * 1000);

    clock.advance((TTL_SECONDS - 1) * 1000);
    expect((await open(roisin(), SectionIds.Enforcement)).json()).toMatchObject({ IsLocker: false, Locker: 'Rory Respondent' });

    clock.advance(2000);
    expect((await open(roisin(), SectionIds.Enforcement)).json()).toMatchObject({ IsLocker: true, Locker: 'Roisin Respondent' });
  });

  it('stamps a saved answer and the questionnaire with the clock time', async () => {
    clock.advance(60_000);
    const savedAt = clock.now();
    const res = await rory().post(`/api/questionnaire/save/${questionnaireId}/rory`, [{ Id: q(SectionIds.Idera, 0), Model: 23 }]);
    expect(res.statusCode).toBe(200);
    const stamps = await sql<{ answerAt: Date; questionnaireAt: Date }>`
      select a.updated_at as "answerAt", qn.last_updated as "questionnaireAt"
      from answers a join questionnaires qn on qn.id = a.questionnaire_id
      where a.questionnaire_id = ${questionnaireId} and a.question_id = ${q(SectionIds.Idera, 0)}`.execute(world.app.db);
    expect(new Date(stamps.rows[0]!.answerAt).getTime()).toBe(savedAt.getTime());
    expect(new Date(stamps.rows[0]!.questionnaireAt).getTime()).toBe(savedAt.getTime());
  });
});
