import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';

import { QUESTIONNAIRE_STEPS, type QuestionnaireStep } from '@cti/contracts';

import { useAppSelector } from '../../app/hooks';
import { Button, Spinner } from '../../components/form/fields';
import { selectToken, selectUser } from '../auth/auth-slice';

import {
  clearCurrentQuestionnaire,
  setCurrentQuestionnaire,
  useCurrentQuestionnaire,
  type CurrentQuestionnaire,
} from './current-questionnaire';
import { tabLockId } from './drafts/tab-lock-id';
import {
  useApprovedNamesQuery,
  useQuestionnaireChangesQuery,
  useQuestionnaireInfoQuery,
  useQuestionnaireProgressQuery,
  useUnlockMutation,
} from './questionnaire-api';
import { ApprovalPanel } from './shell/ApprovalPanel';
import { ConsentPage } from './shell/ConsentPage';
import { exitButtons } from './shell/exit-label';
import { IdleDialog } from './shell/IdleDialog';
import { LeaveGuardProvider, useLeaveGuard } from './shell/leave-guard';
import { beaconUnlock } from './shell/section-calls';
import { SectionPage } from './shell/SectionPage';
import { SideNav } from './shell/SideNav';
import { parseQuestionnairePath, questionnaireUrl, stepUrl } from './shell/steps';
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

/**
 * The spec's addresses name no questionnaire (/questionnaire/participation): they lead to this
 * tab's questionnaire, else to the caller's only open one (a link opened in a new tab), else
 * to the list to choose from.
 */
function ToQuestionnaireOfAddress({ step, current }: { step: QuestionnaireStep | undefined; current: CurrentQuestionnaire | null }) {
  const { data: open, isError } = useQuestionnaireProgressQuery(undefined, { skip: !!current });
  const path = step?.path ?? 'participation';
  if (current) return <Navigate to={questionnaireUrl(current.QuestionnaireId, path)} replace />;
  if (isError || (open && open.length !== 1)) return <Navigate to="/manage/questionnaires" replace />;
  if (!open) return <Spinner label="Opening the questionnaire…" />;
  return <Navigate to={questionnaireUrl(open[0].QuestionnaireId, path)} replace />;
}

function QuestionnaireShell() {
  const user = useAppSelector(selectUser);
  const current = useCurrentQuestionnaire(user?.Id ?? null);
  const location = useLocation();
  // the questionnaire is the address's: a link to a page opens it in any tab
  const { questionnaireId, step } = parseQuestionnairePath(location.pathname);
  const id = questionnaireId ?? '';
  const navigate = useNavigate();
  const guard = useLeaveGuard();
  const token = useAppSelector(selectToken);
  const phone = useMediaQuery(PHONE);
  // the page the questionnaire was entered at (the "continue where you left off" note shows there only)
  const [entryKey] = useState(location.key);
  const [unlock] = useUnlockMutation();
  const { data: info, isError } = useQuestionnaireInfoQuery(id, { skip: !id, refetchOnMountOrArgChange: true });
  // approvals, answers, locks and status made elsewhere reach this page as they happen
  useQuestionnaireChangesQuery(id, { skip: !id });
  const { data: approvals = [] } = useApprovedNamesQuery(id, { skip: !id });
  // the address's questionnaire is this tab's current one (the spec's addresses lead back to it)
  const userId = user?.Id;
  const [shownId, groupId, country, period] = [info?.QuestionnaireId, info?.GroupId, info?.Country, info?.Period];
  useEffect(() => {
    if (userId && shownId && groupId && country !== undefined && period !== undefined)
      setCurrentQuestionnaire({ QuestionnaireId: shownId, GroupId: groupId, Country: country, Period: period }, userId);
  }, [userId, shownId, groupId, country, period]);

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

  if (!questionnaireId) return <ToQuestionnaireOfAddress step={step} current={current} />;
  if (!step) return <Navigate to={questionnaireUrl(questionnaireId)} replace />;
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
            You last worked on <strong>{resumeAt.label}</strong>. <Link to={stepUrl(info.QuestionnaireId, resumeAt)}>Continue there</Link>
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
            <SideNav info={info} current={step} />
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
