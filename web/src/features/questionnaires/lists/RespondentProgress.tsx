import { QUESTIONNAIRE_STEPS, type QuestionnaireProgress } from '@cti/contracts';

import { Button, Spinner } from '../../../components/form/fields';
import { formatShortDate } from '../../../lib/dates';
import { useQuestionnaireProgressQuery } from '../questionnaire-api';

import { useOpenQuestionnaire } from './open-questionnaire';

/** The dashboard follows other firms' approvals and locks without a reload. */
const REFRESH_MS = 30_000;

function ProgressCard({ row }: { row: QuestionnaireProgress }) {
  const openQuestionnaire = useOpenQuestionnaire();
  const title = `${row.Country} ${row.Period}`;
  const resume = row.ResumePath ? QUESTIONNAIRE_STEPS.find((s) => s.path === row.ResumePath) : undefined;
  const target = { QuestionnaireId: row.QuestionnaireId, GroupId: row.GroupId, Country: row.Country, Period: row.Period };
  const headingId = `progress-${row.QuestionnaireId}`;
  return (
    <li className="progress-card">
      <h3 id={headingId}>{title}</h3>
      <p className="progress-line">
        <progress max={row.SectionsTotal} value={row.SectionsAnswered} aria-label={`Sections answered of ${title}`} />{' '}
        <strong>
          {row.SectionsAnswered} of {row.SectionsTotal}
        </strong>{' '}
        sections answered
      </p>
      <p>
        <strong>Approvals:</strong>{' '}
        {row.Approvals.length
          ? row.Approvals.map((a) => `${a.Name} (${a.OrganizationName || 'no firm given'})`).join(', ')
          : 'none of the current answers yet'}
        {row.ReadyForFinalization ? ' · ready to submit as final' : ' · two law firms must approve'}
      </p>
      {row.ReopenedOn && (
        <p className="small muted">Reopened on {formatShortDate(row.ReopenedOn)}: approvals given before then no longer count.</p>
      )}
      <p>
        <strong>Being edited now:</strong>{' '}
        {row.Locks.length ? row.Locks.map((l) => `${l.Label} by ${l.Name}`).join('; ') : 'no section is locked'}
      </p>
      <div className="cluster">
        {resume && (
          <Button onClick={() => openQuestionnaire(target, resume.path)} aria-label={`Continue ${title} at ${resume.label}`}>
            Continue at {resume.label}
          </Button>
        )}
        <Button
          variant={resume ? 'secondary' : 'primary'}
          onClick={() => openQuestionnaire(target)}
          aria-label={`Open ${title} at the start`}
        >
          {resume ? 'Start from the beginning' : 'Open the questionnaire'}
        </Button>
        <span className="muted small">Last updated {formatShortDate(row.LastUpdated)}</span>
      </div>
    </li>
  );
}

/**
 * The respondent's day starts here: each open questionnaire of their countries with how
 * far it is (sections answered), the approvals so far, who is editing which section,
 * and a way back to the section they last worked on.
 */
export function RespondentProgress() {
  const { data, isLoading, isError } = useQuestionnaireProgressQuery(undefined, {
    pollingInterval: REFRESH_MS,
    refetchOnMountOrArgChange: true,
    refetchOnFocus: true,
  });
  return (
    <section className="section respondent-progress" aria-labelledby="respondent-progress-title">
      <h2 id="respondent-progress-title">Your questionnaires</h2>
      {isLoading && <Spinner label="Loading your questionnaires…" />}
      {isError && <p className="notice notice-danger">Your questionnaires could not be loaded. Please try again.</p>}
      {data && !data.length && <p className="muted">There is no open questionnaire for your countries.</p>}
      {data && data.length > 0 && (
        <ul className="progress-cards">
          {data.map((row) => (
            <ProgressCard key={row.QuestionnaireId} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}
