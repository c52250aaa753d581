import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { Button, Spinner } from '../../components/form/fields';
import { selectToken } from '../auth/auth-slice';
import { clearCurrentQuestionnaire, useCurrentQuestionnaire } from './current-questionnaire';
import { useQuestionnaireInfoQuery, useUnlockMutation } from './questionnaire-api';
import { ApprovalPanel } from './shell/ApprovalPanel';
import { ConsentPage } from './shell/ConsentPage';
import { IdleDialog } from './shell/IdleDialog';
import { SectionPage } from './shell/SectionPage';
import { SideNav } from './shell/SideNav';
import { stepOfPath } from './shell/steps';
import { beaconUnlock } from './shell/use-section-lock';
import './questionnaires.css';

/**
 * The questionnaire shell (§2): left navigation and approval, the current page,
 * title = country + period, Exit / Exit without Saving. The site navigation bar is
 * hidden on these pages (layout `questionnaire`).
 */
export default function QuestionnaireShellPage() {
  const current = useCurrentQuestionnaire();
  const location = useLocation();
  const navigate = useNavigate();
  const token = useAppSelector(selectToken);
  const [unlock] = useUnlockMutation();
  const { data: info, isError } = useQuestionnaireInfoQuery(current?.QuestionnaireId ?? '', {
    skip: !current,
    refetchOnMountOrArgChange: true,
  });

  /** Leaving the questionnaire releases every lock of this user and forgets the current questionnaire. */
  const leave = useCallback(async () => {
    await unlock()
      .unwrap()
      .catch(() => beaconUnlock(token));
    clearCurrentQuestionnaire();
  }, [unlock, token]);
  const exit = useCallback(async () => {
    await leave();
    navigate('/manage/questionnaires');
  }, [leave, navigate]);

  if (!current) return <Navigate to="/manage/questionnaires" replace />;
  const step = stepOfPath(location.pathname);
  if (!step) return <Navigate to="/questionnaire/participation" replace />;
  if (isError) {
    return (
      <div className="card narrow">
        <h1>Questionnaire unavailable</h1>
        <p>This questionnaire could not be opened.</p>
        <Button onClick={() => void exit()}>Back to questionnaires</Button>
      </div>
    );
  }
  if (!info) return <Spinner label="Opening the questionnaire…" />;

  return (
    <div className="questionnaire-shell">
      <header className="questionnaire-title">
        <div>
          <span className="eyebrow">Questionnaire{info.Status === 'Closed' ? ' · Closed' : ''}</span>
          <h1>
            {info.Country} {info.Period}
          </h1>
        </div>
        <Button variant="secondary" onClick={() => void exit()}>
          {info.Status === 'Open' ? 'Exit without Saving' : 'Exit'}
        </Button>
      </header>
      <div className="questionnaire-body">
        <aside className="questionnaire-aside">
          <SideNav questionnaireId={info.QuestionnaireId} current={step} />
          <ApprovalPanel info={info} onClosed={leave} />
        </aside>
        <div className="questionnaire-main">
          {step.sectionId === null ? (
            <ConsentPage key={step.path} step={step} info={info} />
          ) : (
            <SectionPage key={step.path} step={step} info={info} onExit={exit} />
          )}
        </div>
      </div>
      <IdleDialog redirectTo="/dashboard/country" onLeave={leave} />
    </div>
  );
}
