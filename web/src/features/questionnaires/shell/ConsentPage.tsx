import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { isAdminPrincipal, RoleIds } from '@cti/access';
import { QuestionnaireAnswers, type QuestionnaireInfo, type QuestionnaireStep } from '@cti/contracts';

import { useAppSelector, usePrincipal } from '../../../app/hooks';
import { Button, Spinner } from '../../../components/form/fields';
import { TableScroll } from '../../../components/table/TableScroll';
import { useToast } from '../../../components/toast/use-toast';
import { selectUser } from '../../auth/auth-slice';
import { CONSENT } from '../drafts/consent-session';
import { useConsentsQuery } from '../questionnaire-api';

import { useLeaveGuard } from './leave-guard';
import { neighbours, stepUrl } from './steps';
import { useConsentSession } from './use-edit-sessions';
import { DraftOffer } from './work-kept';

function ConsentTable({ questionnaireId }: { questionnaireId: string }) {
  const { data, isLoading } = useConsentsQuery(questionnaireId, { refetchOnMountOrArgChange: true });
  if (isLoading) return <Spinner label="Loading consents…" />;
  return (
    <section aria-labelledby="consents-title" className="section">
      <h3 id="consents-title">Consents</h3>
      <TableScroll label="Consents">
        <table className="simple-table">
          <thead>
            <tr>
              <th scope="col">Answer</th>
              <th scope="col">Name</th>
              <th scope="col">Organization</th>
              <th scope="col">Email</th>
            </tr>
          </thead>
          <tbody>
            {(data ?? []).map((c) => (
              <tr key={c.Email}>
                <td>{c.Answer}</td>
                <td>{c.Name}</td>
                <td>{c.Organization}</td>
                <td>{c.Email}</td>
              </tr>
            ))}
            {!data?.length && (
              <tr>
                <td colSpan={4} className="table-empty">
                  No respondent has answered yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

/**
 * /questionnaire/consent: the respondent's Yes or No; admins see every respondent's answer.
 * The choice is a draft like any answer: picked and not submitted, it is kept in this
 * browser and offered again, and leaving goes through the page's guard.
 */
export function ConsentPage({ step, info }: { step: QuestionnaireStep; info: QuestionnaireInfo }) {
  const navigate = useNavigate();
  const toast = useToast();
  const user = useAppSelector(selectUser)!;
  const principal = usePrincipal();
  const isAdmin = !!principal && isAdminPrincipal(principal);
  const isRespondent = user.Roles.includes(RoleIds.CountryRespondent) && user.Groups.some((g) => g.Id === info.GroupId);
  const { session, state } = useConsentSession(info, isRespondent);
  const [giving, setGiving] = useState(false);
  const guard = useLeaveGuard();
  const name = useId();
  const { previous, next } = neighbours(step);
  const open = info.Status === 'Open';
  const answer = session && state.view ? (session.shown(CONSENT) as 'Yes' | 'No' | null) : null;
  const saved = state.view?.values[CONSENT] ?? null;

  const submit = async (): Promise<boolean> => {
    if (!session) return false;
    setGiving(true);
    const outcome = await session.save().finally(() => setGiving(false));
    if (outcome.kind === 'saved') toast.success(outcome.message);
    else if (outcome.kind === 'nothing') toast.info(QuestionnaireAnswers.consentSaved);
    else if ('message' in outcome) toast.danger(outcome.message || 'Your consent could not be recorded.');
    return outcome.kind === 'saved' || outcome.kind === 'nothing';
  };
  const submitRef = useRef(submit);
  submitRef.current = submit;
  const unsaved = session ? session.unsaved().length > 0 : false;
  const { report } = guard;
  useEffect(() => {
    if (!unsaved || !session) return report('consent', null);
    report('consent', {
      unsaved: ['Consent (picked, not submitted)'],
      save: () => submitRef.current(),
      keep: () => session.flush(),
      discard: () => session.discard(),
    });
  }, [report, unsaved, session]);
  useEffect(() => () => report('consent', null), [report]);
  const leaveTo = (path: string) => guard.confirmLeave(() => navigate(path));

  return (
    <article className="section-page" aria-labelledby="section-title">
      <header className="section-header">
        <span className="eyebrow">Intro Questions</span>
        <h2 id="section-title">Consent</h2>
      </header>
      <div className="prose">
        <p>
          Do you consent to your firm being named as a contributor to this questionnaire, and to its answers being used for the Compliance
          Index of the Cape Town Convention and its Aircraft Protocol on the terms of participation?
        </p>
      </div>
      {isRespondent && state.phase === 'failed' && <p className="notice notice-danger">{state.failure}</p>}
      {isRespondent && state.phase === 'loading' && <Spinner label="Loading your consent…" />}
      {isRespondent && session && state.view && (
        <>
          {state.offer && (
            <DraftOffer
              what="consent choice"
              fields={state.offer.fields}
              updatedAt={state.offer.updatedAt}
              stored={state.view.values}
              text={{ label: () => 'Consent', answer: (_, value) => (typeof value === 'string' ? value : <em>no answer</em>) }}
              canRestore={open}
              onRestore={() => session.restoreOffer()}
              onDiscard={() => void session.discardOffer()}
            />
          )}
          <fieldset className="question" disabled={!open || !!state.offer}>
            <legend>Your answer{saved === null ? ' (not given yet)' : ''}</legend>
            {unsaved && <span className="badge badge-unsaved">Not submitted yet</span>}
            <div className="choice-list">
              {(['Yes', 'No'] as const).map((option) => (
                <label key={option} className="choice">
                  <input
                    type="radio"
                    name={name}
                    value={option}
                    checked={answer === option}
                    onChange={() => session.change(CONSENT, option)}
                  />
                  <span>{option}</span>
                </label>
              ))}
            </div>
            {open && (
              <Button onClick={() => void submit()} busy={giving} disabled={!answer}>
                Submit consent
              </Button>
            )}
          </fieldset>
        </>
      )}
      {isAdmin && <ConsentTable questionnaireId={info.QuestionnaireId} />}
      <div className="section-buttons">
        {previous && (
          <Button variant="secondary" onClick={() => leaveTo(stepUrl(info.QuestionnaireId, previous))}>
            Back
          </Button>
        )}
        {next && <Button onClick={() => leaveTo(stepUrl(info.QuestionnaireId, next))}>Next</Button>}
      </div>
    </article>
  );
}
