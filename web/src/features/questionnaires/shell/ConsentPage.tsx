import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

import { isAdminPrincipal, RoleIds } from '@cti/access';
import type { QuestionnaireInfo, QuestionnaireStep } from '@cti/contracts';

import { useAppSelector, usePrincipal } from '../../../app/hooks';
import { Button, Spinner } from '../../../components/form/fields';
import { TableScroll } from '../../../components/table/TableScroll';
import { useToast } from '../../../components/toast/use-toast';
import { answerText as serverMessage } from '../../../lib/api-error';
import { selectUser } from '../../auth/auth-slice';
import { useConsentAnswerQuery, useConsentsQuery, useGiveConsentMutation } from '../questionnaire-api';

import { neighbours, stepUrl } from './steps';

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

/** /questionnaire/consent: the respondent's Yes or No; admins see every respondent's answer. */
export function ConsentPage({ step, info }: { step: QuestionnaireStep; info: QuestionnaireInfo }) {
  const navigate = useNavigate();
  const toast = useToast();
  const user = useAppSelector(selectUser)!;
  const principal = usePrincipal();
  const isAdmin = !!principal && isAdminPrincipal(principal);
  const isRespondent = user.Roles.includes(RoleIds.CountryRespondent) && user.Groups.some((g) => g.Id === info.GroupId);
  const { data: current, isLoading: loadingAnswer } = useConsentAnswerQuery(
    { QuestionnaireId: info.QuestionnaireId, UserId: user.Id },
    { skip: !isRespondent },
  );
  const [giveConsent, giving] = useGiveConsentMutation();
  // The answer shown is the respondent's pick on this page, else the saved one. The saved answer
  // is read, never copied into state, so it shows from the first frame and a refetch cannot
  // undo a pick not yet submitted. A pick the saved answer has caught up with (submitted here,
  // or the same answer saved in another tab) is dropped, so the page follows later saves.
  const saved = current && current.Answer !== 'No Answer' ? current.Answer : null;
  const [picked, setPicked] = useState<'Yes' | 'No' | null>(null);
  if (picked !== null && picked === saved) setPicked(null);
  const answer = picked ?? saved;
  const name = useId();
  const { previous, next } = neighbours(step);
  const open = info.Status === 'Open';

  const submit = async () => {
    if (!answer) return;
    try {
      const result = await giveConsent({ QuestionnaireId: info.QuestionnaireId, UserId: user.Id, Answer: answer }).unwrap();
      toast.success(result.message);
    } catch (error) {
      toast.danger(serverMessage(error as never) ?? 'Your consent could not be recorded.');
    }
  };

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
      {isRespondent && loadingAnswer && <Spinner label="Loading your consent…" />}
      {isRespondent && !loadingAnswer && (
        <fieldset className="question" disabled={!open}>
          <legend>Your answer{current?.Answer === 'No Answer' ? ' (not given yet)' : ''}</legend>
          <div className="choice-list">
            {(['Yes', 'No'] as const).map((option) => (
              <label key={option} className="choice">
                <input type="radio" name={name} value={option} checked={answer === option} onChange={() => setPicked(option)} />
                <span>{option}</span>
              </label>
            ))}
          </div>
          {open && (
            <Button onClick={() => void submit()} busy={giving.isLoading} disabled={!answer}>
              Submit consent
            </Button>
          )}
        </fieldset>
      )}
      {isAdmin && <ConsentTable questionnaireId={info.QuestionnaireId} />}
      <div className="section-buttons">
        {previous && (
          <Button variant="secondary" onClick={() => navigate(stepUrl(previous))}>
            Back
          </Button>
        )}
        {next && <Button onClick={() => navigate(stepUrl(next))}>Next</Button>}
      </div>
    </article>
  );
}
