import type { IndexAccessSettings } from '@cti/access';
import type { DomainEvent } from '@cti/contracts';
import { DEMO_COUNTRIES } from '@cti/demo-data';
import { COUNTRY_PERIOD_QUESTIONNAIRE_EVENTS, projectCountryGroup, projectPeriod } from '@cti/events';

import { countryRefresh, findCountry, upsertCountry } from '../countries/repository';
import type { ScoringExecutor } from '../db';
import { seedDemoScores } from '../demo/seed-demo-scores';
import { findPeriod, findQuestionnairePlace, setQuestionnaireStatus, upsertPeriod, upsertQuestionnaire } from '../periods/repository';
import { rebuildReadModels } from '../read-models/rebuild';

import { deleteAnnotationsByS3Name, upsertAnnotation } from './repository';

export interface ProjectionOptions {
  settings: IndexAccessSettings;
  demo: boolean;
}

/** The events scoring consumes, in one durable consumer so their order is kept. */
export const CONSUMED_EVENTS = [
  ...COUNTRY_PERIOD_QUESTIONNAIRE_EVENTS,
  'evt.documents.annotation.attached',
  'evt.documents.document.deleted',
] as const;

/**
 * A new country stands on the Compliance Index unless an admin moves it; demo countries
 * take the `contracting` flag of the demo data.
 */
function contractingOf(name: string, countryId: string | null, demo: boolean): boolean {
  if (!demo) return true;
  const known = DEMO_COUNTRIES.find((c) => (countryId && c.code.toUpperCase() === countryId.toUpperCase()) || c.name === name);
  return known?.contracting ?? true;
}

async function ensureCountry(trx: ScoringExecutor, groupId: string, name: string, demo: boolean): Promise<void> {
  if (await findCountry(trx, groupId)) return;
  // the group's own event normally comes first; if not, it fills in code and flag later
  await upsertCountry(trx, { groupId, name, countryId: null, logoPath: null }, contractingOf(name, null, demo));
}

/**
 * Keeps scoring's projections (countries, periods, questionnaires, annotations) and its
 * read models in step with the other services' events, in the consumer's transaction.
 */
export async function handleEvent(trx: ScoringExecutor, event: DomainEvent, options: ProjectionOptions): Promise<void> {
  const { settings, demo } = options;
  switch (event.type) {
    case 'evt.identity.group.created':
    case 'evt.identity.group.updated': {
      const result = await projectCountryGroup(trx, event, {
        table: 'countries',
        row: (g) => {
          const facts = { name: g.name, countryId: g.countryId ? g.countryId.toUpperCase() : null, logoPath: g.logoPath };
          return { ...facts, contracting: contractingOf(facts.name, facts.countryId, demo) };
        },
        update: (g) => countryRefresh({ name: g.name, countryId: g.countryId ? g.countryId.toUpperCase() : null, logoPath: g.logoPath }),
      });
      // a group that stopped being a country leaves both indexes: every read model is rebuilt
      if (result.change !== 'none')
        await rebuildReadModels(trx, settings, result.change === 'upserted' ? { groupIds: [result.groupId] } : {});
      return;
    }
    case 'evt.questionnaire.period.opened': {
      const p = event.data;
      await projectPeriod(trx, event, { table: 'periods', row: () => ({ name: p.name, createdAt: p.createdAt }) });
      await setQuestionnaireStatus(trx, p.closedQuestionnaireIds, 'Closed', event.occurredAt);
      await rebuildReadModels(trx, settings);
      return;
    }
    case 'evt.questionnaire.questionnaire.created': {
      const q = event.data;
      await ensureCountry(trx, q.groupId, q.groupName, demo);
      if (!(await findPeriod(trx, q.periodId)))
        await upsertPeriod(trx, { periodId: q.periodId, name: q.periodName, createdAt: event.occurredAt });
      await upsertQuestionnaire(trx, { questionnaireId: q.questionnaireId, groupId: q.groupId, periodId: q.periodId });
      // demo scores for the questionnaires the demo seed made (no actor), never for an admin's
      if (demo && event.actor === null) await seedDemoScores(trx, q.questionnaireId, { settings, demo: true });
      return;
    }
    case 'evt.questionnaire.questionnaire.opened':
    case 'evt.questionnaire.questionnaire.closed': {
      const q = event.data;
      await ensureCountry(trx, q.groupId, q.groupName, demo);
      if (!(await findPeriod(trx, q.periodId)))
        await upsertPeriod(trx, { periodId: q.periodId, name: q.periodName, createdAt: event.occurredAt });
      const closed = event.type === 'evt.questionnaire.questionnaire.closed';
      await upsertQuestionnaire(trx, {
        questionnaireId: q.questionnaireId,
        groupId: q.groupId,
        periodId: q.periodId,
        status: closed ? 'Closed' : 'Open',
        closedOn: closed ? event.data.closedOn : null,
      });
      return;
    }
    case 'evt.documents.annotation.attached': {
      const a = event.data;
      let groupId = a.groupId;
      let periodId = a.periodId;
      // documents may not know the questionnaire yet (its events race): scoring's own projection does
      if (a.questionnaireId && (!groupId || !periodId)) {
        const q = await findQuestionnairePlace(trx, a.questionnaireId);
        groupId = groupId ?? q?.groupId ?? null;
        periodId = periodId ?? q?.periodId ?? null;
      }
      if (!groupId || !periodId) return;
      await upsertAnnotation(trx, { annotationType: a.annotationType, groupId, periodId, name: a.title || a.fileName, s3Name: a.s3Name });
      await rebuildReadModels(trx, settings, { groupIds: [groupId] });
      return;
    }
    case 'evt.documents.document.deleted': {
      // a deleted annotation leaves the scorecard (its AnnotationName) at once
      if (event.data.kind !== 'annotation') return;
      const removed = await deleteAnnotationsByS3Name(trx, event.data.s3Name);
      if (removed.length) await rebuildReadModels(trx, settings, { groupIds: [...new Set(removed.map((r) => r.groupId))] });
      return;
    }
    default:
      return;
  }
}
