import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';

import { QUESTIONNAIRE_STEPS } from '@cti/contracts';

import { useAppSelector } from '../../app/hooks';
import { Button, Spinner } from '../../components/form/fields';
import { selectToken, selectUser } from '../auth/auth-slice';

import { clearCurrentQuestionnaire, useCurrentQuestionnaire } from './current-questionnaire';
import { tabLockId } from './drafts/tab-lock-id';
import { useApprovedNamesQuery, useQuestionnaireChangesQuery, useQuestionnaireInfoQuery, useUnlockMutation } from './questionnaire-api';
import { ApprovalPanel } from './shell/ApprovalPanel';
import { ConsentPage } from './shell/ConsentPage';
import { exitButtons } from './shell/exit-label';
import { IdleDialog } from './shell/IdleDialog';
import { LeaveGuardProvider, useLeaveGuard } from './shell/leave-guard';
import { beaconUnlock } from './shell/section-calls';
import { SectionPage } from './shell/SectionPage';
import { SideNav } from './shell/SideNav';
import { stepOfPath, stepUrl } from './shell/steps';
import './questionnaires.css';

/** Phones: the section list and the approval panel fold up above the questions. */
const PHONE = '(max-width: 720px)';

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** On a phone, a panel folded to one line (its summary) until opened; elsewhere just the panel. */
function Fold({ phone, label, summary, children }: { phone: boolean; label: string; summary: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!phone) return <>{children}</>;
  return (
    <div className="fold">
      <button type="button" className="fold-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> <strong>{label}</strong> <span className="muted small">{summary}</span>
      </button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

/**
 * The questionnaire shell: left navigation and approval, the current page,
 * title = country + period, the exit button. The site navigation bar is hidden on
 * these pages (layout `questionnaire`). The questionnaire is this tab's own choice.
 */
export default function QuestionnaireShellPage() {
  return (
    <LeaveGuardProvider>
      <QuestionnaireShell />
    </LeaveGuardProvider>
  );
}

function QuestionnaireShell() {
  const user = useAppSelector(selectUser);
  const current = useCurrentQuestionnaire(user?.Id ?? null);
  const location = useLocation();
  const navigate = useNavigate();
  const guard = useLeaveGuard();
  const token = useAppSelector(selectToken);
  const phone = useMediaQuery(PHONE);
  // the page the questionnaire was entered at (the "continue where you left off" note shows there only)
  const [entryKey] = useState(location.key);
  const [unlock] = useUnlockMutation();
  const { data: info, isError } = useQuestionnaireInfoQuery(current?.QuestionnaireId ?? '', {
    skip: !current,
    refetchOnMountOrArgChange: true,
  });
  // approvals, answers, locks and status made elsewhere reach this page as they happen
  useQuestionnaireChangesQuery(current?.QuestionnaireId ?? '', { skip: !current });
  const { data: approvals = [] } = useApprovedNamesQuery(current?.QuestionnaireId ?? '', { skip: !current });

  /** Leaving the questionnaire releases this tab's locks (the user's other tabs keep theirs) and forgets this tab's questionnaire. */
  const leave = useCallback(async () => {
    const lockId = tabLockId();
    await unlock({ lockId })
      .unwrap()
      .catch(() => beaconUnlock(token, { lockId }));
    clearCurrentQuestionnaire();
  }, [unlock, token]);
  const exit = useCallback(async () => {
    await leave();
    void navigate('/manage/questionnaires');
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
  const resumeAt =
    location.key === entryKey && info.ResumePath && info.ResumePath !== step.path
      ? QUESTIONNAIRE_STEPS.find((s) => s.path === info.ResumePath)
      : undefined;

  return (
    <div className="questionnaire-shell">
      <header className="questionnaire-title">
        <div>
          <span className="eyebrow">Questionnaire{info.Status === 'Closed' ? ' · Closed' : ''}</span>
          <h1>
            {info.Country} {info.Period}
          </h1>
        </div>
        <div className="questionnaire-exit">
          {exitButtons({ open: info.Status === 'Open', dirty: guard.dirty }).map((button) => (
            <Button
              key={button.label}
              variant={button.action === 'save-and-exit' ? 'primary' : 'secondary'}
              onClick={() =>
                button.action === 'save-and-exit'
                  ? void guard.saveAll().then((saved) => (saved ? exit() : undefined))
                  : guard.confirmLeave(exit, 'exit')
              }
            >
              {button.label}
            </Button>
          ))}
        </div>
      </header>
      {resumeAt && (
        <div className="notice resume-notice" role="note">
          <p>
            You last worked on <strong>{resumeAt.label}</strong>. <Link to={stepUrl(resumeAt)}>Continue there</Link>
          </p>
        </div>
      )}
      <div className="questionnaire-body">
        <aside className="questionnaire-aside">
          <Fold
            key={`nav:${step.path}`}
            phone={phone}
            label="Sections"
            summary={`${step.part && step.part !== 'Intro' ? `${step.part} ` : ''}${step.label}`}
          >
            <SideNav questionnaireId={info.QuestionnaireId} current={step} />
          </Fold>
          <Fold
            phone={phone}
            label="Approval"
            summary={
              info.Status === 'Closed'
                ? 'Closed'
                : `${approvals.length} ${approvals.length === 1 ? 'approval' : 'approvals'} of the current answers`
            }
          >
            <ApprovalPanel info={info} onClosed={leave} />
          </Fold>
        </aside>
        <div className="questionnaire-main">
          {step.sectionId === null ? (
            <ConsentPage key={step.path} step={step} info={info} />
          ) : (
            <SectionPage key={step.path} step={step} info={info} onExit={exit} />
          )}
        </div>
      </div>
      <IdleDialog redirectTo="/dashboard/country" onLeave={leave} keepsDrafts guard={guard.confirmLeave} />
    </div>
  );
}
