import { RoleIds } from '@cti/access';
import type { AccessClaims, AnswerModel } from '@cti/contracts';
import { sql } from '@cti/db';
import { DEMO_ACCOUNTS, DEMO_COUNTRIES, DEMO_COUNTRY } from '@cti/demo-data';

import { approve, submitAsFinal } from '../approvals/approvals';
import { giveConsent } from '../consent/consent';
import type { QuestionnaireApp } from '../db';
import { releaseLocks } from '../locks/locks';
import { openPeriod } from '../periods/open-period';
import { questionId } from '../question-bank';
import { saveSection } from '../sections/save-section';

import { DEMO_PERIODS, type DemoAnswers } from './demo-answers';

export interface SeedOptions {
  waitSeconds: number;
  lockTtlSeconds: number;
}

async function waitFor<T>(what: string, app: QuestionnaireApp, seconds: number, check: () => Promise<T | null>): Promise<T | null> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) {
      app.log.warn(`demo data: ${what} did not arrive from identity within ${seconds} s`);
      return null;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Respondent = 'respondent' | 'respondent2';

/** The demo respondents as their access tokens would describe them (identity issues the real ones). */
async function respondentClaims(app: QuestionnaireApp, groupId: string, seconds: number): Promise<Record<Respondent, AccessClaims> | null> {
  const db = app.db;
  const accounts = {
    respondent: DEMO_ACCOUNTS.find((a) => a.email === 'respondent@example.com')!,
    respondent2: DEMO_ACCOUNTS.find((a) => a.email === 'respondent2@example.com')!,
  };
  return waitFor('the demo respondents', app, seconds, async () => {
    const claims: Partial<Record<Respondent, AccessClaims>> = {};
    for (const [key, account] of Object.entries(accounts) as Array<[Respondent, (typeof accounts)[Respondent]]>) {
      const user = await db
        .selectFrom('directoryUsers')
        .selectAll()
        .where(sql`lower(email)`, '=', account.email)
        .executeTakeFirst();
      if (!user) return null;
      claims[key] = {
        sub: user.userId,
        email: user.email,
        name: user.name,
        roles: [RoleIds.CountryRespondent],
        groups: [groupId],
        groupNames: [DEMO_COUNTRY],
        isAdmin: false,
        isGroupManager: false,
        isAcid: false,
        free: false,
        organization: account.organization,
      };
    }
    return claims as Record<Respondent, AccessClaims>;
  });
}

async function answerAs(
  app: QuestionnaireApp,
  claims: AccessClaims,
  questionnaireId: string,
  answers: DemoAnswers,
  lockTtlSeconds: number,
) {
  for (const [sectionId, section] of Object.entries(answers)) {
    const items = Object.entries(section ?? {}).map(([index, model]) => ({
      Id: questionId(Number(sectionId), Number(index)),
      Model: model as AnswerModel,
    }));
    await saveSection(app, claims, questionnaireId, claims.sub, items, lockTtlSeconds);
  }
  await releaseLocks(app, claims, { questionnaireId });
}

/**
 * Four periods (each opening questionnaires for every country and closing the
 * previous ones) and Ireland's answers through them, given, approved by both law
 * firms and submitted as final through the product's own use-cases, so every event
 * flows as in production. Waits for identity's countries and accounts to arrive;
 * running it again changes nothing.
 */
export async function seedDemoData(app: QuestionnaireApp, options: SeedOptions): Promise<void> {
  const db = app.db;
  const countries = await waitFor('the demo countries', app, options.waitSeconds, async () => {
    const row = await db
      .selectFrom('countries')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    return row.count >= DEMO_COUNTRIES.length ? row.count : null;
  });
  if (!countries) return;
  const ireland = await db.selectFrom('countries').selectAll().where('name', '=', DEMO_COUNTRY).executeTakeFirst();
  const respondents = ireland ? await respondentClaims(app, ireland.groupId, options.waitSeconds) : null;

  for (const plan of DEMO_PERIODS) {
    let period = await db.selectFrom('periods').selectAll().where('name', '=', plan.name).executeTakeFirst();
    if (!period) {
      await openPeriod(app, plan.name, null, { createdAt: plan.createdAt });
      period = await db.selectFrom('periods').selectAll().where('name', '=', plan.name).executeTakeFirstOrThrow();
    }
    if (!ireland || !respondents) continue;
    const q = await db
      .selectFrom('questionnaires')
      .selectAll()
      .where('groupId', '=', ireland.groupId)
      .where('periodId', '=', period.id)
      .executeTakeFirst();
    if (!q || q.status !== 'Open') continue;
    if (q.answersRevision === 0) {
      for (const step of plan.ireland) await answerAs(app, respondents[step.by], q.id, step.answers, options.lockTtlSeconds);
      if (!plan.finalized)
        await giveConsent(app, respondents.respondent, { QuestionnaireId: q.id, UserId: respondents.respondent.sub, Answer: 'Yes' });
    }
    if (plan.finalized) {
      for (const who of ['respondent', 'respondent2'] as const) {
        const claims = respondents[who];
        const revision = (await db.selectFrom('questionnaires').select('answersRevision').where('id', '=', q.id).executeTakeFirstOrThrow())
          .answersRevision;
        const done = await db
          .selectFrom('approvals')
          .select('id')
          .where('questionnaireId', '=', q.id)
          .where('userId', '=', claims.sub)
          .where('answersRevision', '=', revision)
          .executeTakeFirst();
        if (!done) await approve(app, claims, q.id, claims.sub);
      }
      await submitAsFinal(app, respondents.respondent, q.id);
    }
  }
}
