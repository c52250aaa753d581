import Type from 'typebox';

/** POST /api/report/audit body (questionnaire §7): date range plus the filter lists. */
export const AuditReportBody = Type.Object({
  start: Type.String({ description: 'ISO date or date-time, inclusive' }),
  end: Type.String({ description: 'ISO date or date-time, inclusive (a date means the whole day)' }),
  actions: Type.Optional(Type.Array(Type.String())),
  countries: Type.Optional(Type.Array(Type.String())),
  names: Type.Optional(Type.Array(Type.String())),
  values: Type.Optional(Type.Array(Type.String())),
});
export type AuditReportBody = Type.Static<typeof AuditReportBody>;

/** Audit row (questionnaire §3). Value is HTML, escaped when built. */
export const AuditRow = Type.Object({
  Id: Type.String(),
  Action: Type.String(),
  Value: Type.String(),
  Country: Type.String(),
  Name: Type.String(),
  Stamp: Type.String(),
  QuestionId: Type.Union([Type.String(), Type.Null()]),
  QuestionnaireId: Type.Union([Type.String(), Type.Null()]),
  GroupId: Type.Union([Type.String(), Type.Null()]),
});
export type AuditRow = Type.Static<typeof AuditRow>;
export const AuditReport = Type.Array(AuditRow);
