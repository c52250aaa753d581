import { RoleIds } from '@cti/access';
import type { AccessClaims, AnswerModel } from '@cti/contracts';
import { DEMO_ACCOUNTS, DEMO_COUNTRIES, DEMO_COUNTRY } from '@cti/demo-data';
import type { DataAccess } from '@cti/service-kit';

import { approve, submitAsFinal } from '../approvals/approvals';
import { giveConsent } from '../consent/consent';
import type { QuestionnaireDB } from '../db';
import { releaseLocks } from '../locks/locks';
import { openPeriod } from '../periods/open-period';
import { findPeriodByName } from '../periods/repository';
import { questionId } from '../question-bank';
import { findQuestionnaireOfPeriod } from '../questionnaires/repository';
import { saveSection } from '../sections/save-section';

import { DEMO_PERIODS, type DemoAnswers } from './demo-answers';
import { activeCountryCount, approvedCurrentAnswers, findCountryByName, findDirectoryUserByEmail } from './repository';

/** What seeding needs of the service: its data access and a log to say what did not arrive. */
export interface SeedDeps extends DataAccess<QuestionnaireDB> {
  readonly log: { warn(msg: string): void };
}

export interface SeedOptions {
  waitSeconds: number;
  lockTtlSeconds: number;
}

async function waitFor<T>(what: string, deps: SeedDeps, seconds: number, check: () => Promise<T | null>): Promise<T | null> {
  // a timeout on real waiting, not a business time: measured on the monotonic clock
  const deadline = performance.now() + seconds * 1000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) {
      deps.log.warn(`demo data: ${what} did not arrive from identity within ${seconds} s`);
      return null;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

type Respondent = 'respondent' | 'respondent2';

/** The demo respondents as their access tokens would describe them (identity issues the real ones). */
async function respondentClaims(deps: SeedDeps, groupId: string, seconds: number): Promise<Record<Respondent, AccessClaims> | null> {
  const accounts = {
    respondent: DEMO_ACCOUNTS.find((a) => a.email === 'respondent@example.com')!,
    respondent2: DEMO_ACCOUNTS.find((a) => a.email === 'respondent2@example.com')!,
  };
  return waitFor('the demo respondents', deps, seconds, async () => {
    const claims: Partial<Record<Respondent, AccessClaims>> = {};
    for (const [key, account] of Object.entries(accounts) as Array<[Respondent, (typeof accounts)[Respondent]]>) {
      const user = await findDirectoryUserByEmail(deps.db, account.email);
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
  data: DataAccess<QuestionnaireDB>,
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
    await saveSection(data, claims, questionnaireId, claims.sub, items, {}, lockTtlSeconds);
  }
  await releaseLocks(data, claims, { questionnaireId });
}

/**
 * Four periods (each opening questionnaires for every country and closing the
 * previous ones) and Ireland's answers through them, given, approved by both law
 * firms and submitted as final through the product's own use-cases, so every event
 * flows as in production. Waits for identity's countries and accounts to arrive;
 * running it again changes nothing.
 */
export async function seedDemoData(deps: SeedDeps, options: SeedOptions): Promise<void> {
  const db = deps.db;
  const countries = await waitFor('the demo countries', deps, options.waitSeconds, async () => {
    const count = await activeCountryCount(db);
    return count >= DEMO_COUNTRIES.length ? count : null;
  });
  if (!countries) return;
  const ireland = await findCountryByName(db, DEMO_COUNTRY);
  const respondents = ireland ? await respondentClaims(deps, ireland.groupId, options.waitSeconds) : null;

  for (const plan of DEMO_PERIODS) {
    const periodId =
      (await findPeriodByName(db, plan.name))?.id ?? (await openPeriod(deps, plan.name, null, { createdAt: plan.createdAt })).periodId;
    if (!ireland || !respondents) continue;
    const q = await findQuestionnaireOfPeriod(db, ireland.groupId, periodId);
    if (!q || q.status !== 'Open') continue;
    if (q.answersRevision === 0) {
      for (const step of plan.ireland) await answerAs(deps, respondents[step.by], q.id, step.answers, options.lockTtlSeconds);
      if (!plan.finalized)
        await giveConsent(deps, respondents.respondent, { QuestionnaireId: q.id, UserId: respondents.respondent.sub, Answer: 'Yes' });
    }
    if (plan.finalized) {
      for (const who of ['respondent', 'respondent2'] as const) {
        const claims = respondents[who];
        if (!(await approvedCurrentAnswers(db, q.id, claims.sub))) await approve(deps, claims, q.id, claims.sub);
      }
      await submitAsFinal(deps, respondents.respondent, q.id);
    }
  }
}
