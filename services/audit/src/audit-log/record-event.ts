import type { DomainEvent } from '@cti/contracts';
import { sql } from '@cti/db';

import { appendAuditRow, type NewAuditRow } from '../chain/append-row';
import type { AuditExecutor } from '../db';

import { describeEvent } from './describe-event';
import { publishAuditEntry, PUBLISHED_NOT_RECORDED } from './publish-entry';

/** Name of the actor of system work (relays, schedulers, seeds). */
export const SYSTEM_ACTOR = 'System';

/** The row of an event: who (Name, Country = the actor's groups), what (Action, Value), when (Stamp). */
export function auditRowOf(event: DomainEvent): NewAuditRow {
  const draft = describeEvent(event);
  const name = event.actor?.name ?? SYSTEM_ACTOR;
  const change =
    event.type === 'evt.questionnaire.answer.saved'
      ? {
          questionnaireId: event.data.questionnaireId,
          groupId: event.data.groupId,
          questionId: event.data.questionId,
          groupName: event.data.groupName,
          periodId: event.data.periodId,
          periodName: event.data.periodName,
          sectionId: event.data.sectionId,
          question: event.data.question,
          before: event.data.before,
          after: event.data.after,
          userId: event.actor?.userId ?? null,
          userName: name,
          stamp: event.occurredAt,
        }
      : null;
  return {
    id: event.id,
    eventType: event.type,
    action: draft.action,
    value: draft.description.html,
    valueText: draft.description.text,
    country: event.actor?.groupNames.join(', ') ?? '',
    name,
    actorUserId: event.actor?.userId ?? null,
    stamp: event.occurredAt,
    questionId: draft.questionId ?? null,
    questionnaireId: draft.questionnaireId ?? null,
    groupId: draft.groupId ?? null,
    change,
  };
}

/** The year a period is about: the first four-digit year in its name. */
export const yearOf = (periodName: string) => {
  const match = /\b(19|20|21)\d{2}\b/.exec(periodName);
  return match ? Number(match[0]) : null;
};

/**
 * Stores one event: its chained audit row (with the change record of a Response), the
 * filter suggestions it adds, and the score and period facts the suggestions read; and
 * publishes the row (`evt.audit.entry.recorded`) once this transaction commits. The
 * consumer runs this once per event id, in one transaction.
 */
export async function recordEvent(trx: AuditExecutor, event: DomainEvent, chainKey: string): Promise<void> {
  if ((PUBLISHED_NOT_RECORDED as readonly string[]).includes(event.type)) return;
  const row = auditRowOf(event);
  const link = await appendAuditRow(trx, chainKey, row);
  if (!link) return;
  await publishAuditEntry(trx, link);

  const suggestions = [
    { key: 'Action', value: row.action },
    { key: 'Name', value: row.name },
    ...(row.country ? [{ key: 'Country', value: row.country }] : []),
  ];
  await trx
    .insertInto('auditFilterValues')
    .values(suggestions)
    .onConflict((oc) => oc.doNothing())
    .execute();

  if (event.type === 'evt.scoring.scores.saved') {
    const d = event.data;
    const facts = {
      groupId: d.groupId,
      groupName: d.groupName,
      periodId: d.periodId,
      periodName: d.periodName,
      year: yearOf(d.periodName),
      score: d.score,
      category: d.category,
    };
    await trx
      .insertInto('scoreFacts')
      .values({ questionnaireId: d.questionnaireId, ...facts })
      .onConflict((oc) => oc.column('questionnaireId').doUpdateSet(facts))
      .execute();
  }
  if (event.type === 'evt.questionnaire.period.opened') {
    const d = event.data;
    const year = yearOf(d.name) ?? new Date(d.createdAt).getUTCFullYear();
    await trx
      .insertInto('periods')
      .values({ periodId: d.periodId, name: d.name, year })
      .onConflict((oc) => oc.column('periodId').doUpdateSet({ name: d.name, year: sql`excluded.year` }))
      .execute();
  }
}
