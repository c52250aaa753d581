import { useEffect, useState } from 'react';
import { NavLink } from 'react-router';

import { QUESTIONNAIRE_STEPS, type QuestionnaireNavGroup, type QuestionnaireStep } from '@cti/contracts';

import { useNavLocksQuery } from '../questionnaire-api';

import { LockIcon } from './LockIcon';
import { stepUrl } from './steps';

const GROUPS: QuestionnaireNavGroup[] = ['Intro Questions', 'Variable A', 'Variable B', 'Variable E'];

/**
 * Left navigation: collapsible groups (the one holding the current page opens by
 * itself) and a lock on pages someone else is editing (navlocks).
 */
export function SideNav({ questionnaireId, current }: { questionnaireId: string; current: QuestionnaireStep }) {
  const { data: locks = {} } = useNavLocksQuery(questionnaireId, { pollingInterval: 20_000, refetchOnMountOrArgChange: true });
  const [expanded, setExpanded] = useState<Set<QuestionnaireNavGroup>>(() => new Set([current.group]));
  useEffect(() => setExpanded((e) => (e.has(current.group) ? e : new Set(e).add(current.group))), [current.group]);
  const toggle = (group: QuestionnaireNavGroup) =>
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });

  return (
    <nav className="questionnaire-nav" aria-label="Questionnaire sections">
      {GROUPS.map((group) => {
        const steps = QUESTIONNAIRE_STEPS.filter((s) => s.group === group);
        const open = expanded.has(group);
        const listId = `nav-${group.replace(/\s+/g, '-').toLowerCase()}`;
        return (
          <div key={group} className="nav-group">
            <button type="button" className="nav-group-toggle" aria-expanded={open} aria-controls={listId} onClick={() => toggle(group)}>
              <span aria-hidden="true">{open ? '▾' : '▸'}</span> {group}
            </button>
            {open && (
              <ul id={listId}>
                {steps.map((step) => {
                  const url = stepUrl(step);
                  const locker = locks[url];
                  return (
                    <li key={step.path}>
                      <NavLink to={url} end>
                        {step.part && step.part !== 'Intro' && <span className="nav-part">{step.part}</span>} {step.label}
                        {locker && (
                          <span className="nav-lock" title={`Locked by ${locker}`}>
                            <LockIcon label={`Locked by ${locker}`} />
                          </span>
                        )}
                      </NavLink>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      })}
    </nav>
  );
}
