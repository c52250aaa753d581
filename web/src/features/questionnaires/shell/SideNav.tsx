import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router';

import { isAdminPrincipal, RoleIds } from '@cti/access';
import { QUESTIONNAIRE_STEPS, type QuestionnaireInfo, type QuestionnaireNavGroup, type QuestionnaireStep } from '@cti/contracts';

import { useAppSelector, usePrincipal } from '../../../app/hooks';
import { selectUser } from '../../auth/auth-slice';
import { useConsentAnswerQuery, useConsentsQuery, useNavLocksQuery } from '../questionnaire-api';

import { LockIcon } from './LockIcon';
import { legacyStepUrl, stepUrl } from './steps';

const GROUPS: QuestionnaireNavGroup[] = ['Intro Questions', 'Variable A', 'Variable B', 'Variable E'];

/** Where a section stands, as the navigation marks it. */
export type SectionState = 'done' | 'started' | 'not started';

const STATE_MARK: Record<SectionState, string> = { done: '✓', started: '◐', 'not started': '○' };

/** A section is done when every visible question has an answer, started when some have one. */
export function sectionState(info: Pick<QuestionnaireInfo, 'AnsweredSections' | 'StartedSections'>, sectionId: number): SectionState {
  if (info.AnsweredSections?.includes(sectionId)) return 'done';
  return info.StartedSections?.includes(sectionId) ? 'started' : 'not started';
}

/**
 * Where the consent page stands: for a respondent of the country, done once they have
 * answered Yes or No (a consent is each respondent's own); for an admin, who gives none,
 * done once any respondent has answered (the page's table lists them).
 */
function useConsentState(info: QuestionnaireInfo): SectionState | null {
  const user = useAppSelector(selectUser);
  const principal = usePrincipal();
  const respondent = !!user && user.Roles.includes(RoleIds.CountryRespondent) && user.Groups.some((g) => g.Id === info.GroupId);
  const admin = !respondent && !!principal && isAdminPrincipal(principal);
  const own = useConsentAnswerQuery({ QuestionnaireId: info.QuestionnaireId, UserId: user?.Id ?? '' }, { skip: !respondent });
  const all = useConsentsQuery(info.QuestionnaireId, { skip: !admin });
  if (respondent) return own.data ? (own.data.Answer === 'No Answer' ? 'not started' : 'done') : null;
  if (admin) return all.data ? (all.data.length ? 'done' : 'not started') : null;
  return null;
}

/** Under "Variable E": the questionnaire's letters stop at E, the index's variables run to F. */
function ScoredInNote({ steps }: { steps: QuestionnaireStep[] }) {
  const letters = [...new Set(steps.map((s) => s.scoredIn).filter((v) => v !== null))];
  if (letters.length < 2) return null;
  return (
    <p className="nav-note small muted">
      These pages are scored in the index’s variables {letters[0]} to {letters[letters.length - 1]} (
      <Link to="/about/methodology#variables">methodology</Link>).
    </p>
  );
}

/**
 * Left navigation: collapsible groups (the one holding the current page opens by
 * itself); each section, and the consent, marked done, started or not started, with a lock on pages someone
 * else is editing (navlocks), and the index variable its answers are scored in where the
 * questionnaire's letter differs from the methodology's.
 */
export function SideNav({ info, current }: { info: QuestionnaireInfo; current: QuestionnaireStep }) {
  const { data: locks = {} } = useNavLocksQuery(info.QuestionnaireId, { pollingInterval: 20_000, refetchOnMountOrArgChange: true });
  const [expanded, setExpanded] = useState<Set<QuestionnaireNavGroup>>(() => new Set([current.group]));
  useEffect(() => setExpanded((e) => (e.has(current.group) ? e : new Set(e).add(current.group))), [current.group]);
  const toggle = (group: QuestionnaireNavGroup) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });
  const sections = QUESTIONNAIRE_STEPS.filter((s) => s.sectionId !== null);
  const done = sections.filter((s) => sectionState(info, s.sectionId!) === 'done').length;
  const consent = useConsentState(info);
  const stateOf = (step: QuestionnaireStep) =>
    step.sectionId === null ? (step.path === 'consent' ? consent : null) : sectionState(info, step.sectionId);

  return (
    <nav className="questionnaire-nav" aria-label="Questionnaire sections">
      <p className="nav-summary small">
        <strong>
          {done} of {sections.length}
        </strong>{' '}
        sections done
        <span className="nav-legend muted" aria-hidden="true">
          {' '}
          ✓ done · ◐ started · ○ not started
        </span>
      </p>
      {GROUPS.map((group) => {
        const steps = QUESTIONNAIRE_STEPS.filter((s) => s.group === group);
        const open = expanded.has(group);
        const listId = `nav-${group.replace(/\s+/g, '-').toLowerCase()}`;
        const groupDone = steps.filter((s) => s.sectionId !== null && sectionState(info, s.sectionId) === 'done').length;
        const groupSections = steps.filter((s) => s.sectionId !== null).length;
        // where a page's letter is not the index variable it is scored in, every page of its group says which it is
        const lettersDiffer = steps.some((s) => s.scoredIn && s.part && !s.part.startsWith(s.scoredIn));
        return (
          <div key={group} className="nav-group">
            <button type="button" className="nav-group-toggle" aria-expanded={open} aria-controls={listId} onClick={() => toggle(group)}>
              <span aria-hidden="true">{open ? '▾' : '▸'}</span> {group}{' '}
              <span className="nav-group-count muted small">
                {groupDone}/{groupSections}
                <span className="visually-hidden"> done</span>
              </span>
            </button>
            {open && (
              <>
                {lettersDiffer && <ScoredInNote steps={steps} />}
                <ul id={listId}>
                  {steps.map((step) => {
                    const locker = locks[legacyStepUrl(step)];
                    const state = stateOf(step);
                    return (
                      <li key={step.path} data-state={state ?? undefined}>
                        <NavLink to={stepUrl(info.QuestionnaireId, step)} end>
                          {state && (
                            <span className={`nav-state nav-state-${state.replace(' ', '-')}`} title={`Section ${state}`}>
                              <span aria-hidden="true">{STATE_MARK[state]}</span>
                            </span>
                          )}
                          {step.part && step.part !== 'Intro' && <span className="nav-part">{step.part}</span>} {step.label}
                          {lettersDiffer && step.scoredIn && <span className="nav-scored muted small"> · scored in {step.scoredIn}</span>}
                          {state && <span className="visually-hidden">, {state}</span>}
                          {locker && (
                            <span className="nav-lock" title={`Locked by ${locker}`}>
                              <LockIcon label={`Locked by ${locker}`} />
                            </span>
                          )}
                          {locker && (
                            <span className="nav-locker small" aria-hidden="true">
                              {locker}
                            </span>
                          )}
                        </NavLink>
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
          </div>
        );
      })}
    </nav>
  );
}
