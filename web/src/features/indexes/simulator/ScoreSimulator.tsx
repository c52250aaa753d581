import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import type { Scorecard } from '@cti/contracts';
import { complianceOutcome, PBA_LABELS, pbaLevelName, VARIABLE_NAMES, VARIABLES, type PbaLevel } from '@cti/scoring-rules';

import { Button, CheckboxField, SelectField } from '../../../components/form/fields';
import { useToast } from '../../../components/toast/use-toast';
import { CategoryBadge } from '../components/CategoryBadge';
import { PointsTable } from '../components/PointsTable';
import { parseInputs, ScoreInput } from '../editors/ScoreInput';

import { simulationFromLink, simulationOf, withSimulation, type Simulation } from './simulation-link';
import './simulator.css';

const LEVELS: PbaLevel[] = [0, 1, 2, 3];
const levelOption = (level: PbaLevel) => (level === 0 ? pbaLevelName(0) : `${pbaLevelName(level)} (${PBA_LABELS[level]})`);
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '±0');

export const SIMULATION_NOTE = 'This is a simulation, not the published score. Nothing you change here is saved.';

/**
 * The what-if simulator of a scorecard: change the variables, the precedent adjustment
 * or the declarations and see the score, category and ASU assessment the scoring rules
 * give (libs/scoring-rules, the code the scoring service scores with). It never calls the
 * server; the page address always holds the simulation, so it is also the share link.
 */
export default function ScoreSimulator({ card, onClose }: { card: Scorecard; onClose(): void }) {
  const [params, setParams] = useSearchParams();
  const [sim, setSim] = useState<Simulation>(() => simulationFromLink(params, card));
  const toast = useToast();
  const titleId = useId();
  const outcome = useMemo(() => {
    const values = parseInputs(sim.inputs);
    return (
      values &&
      complianceOutcome({
        inputs: values,
        isPBA: sim.level > 0,
        PBA: sim.level,
        QualifyingDeclarations: sim.qualifyingDeclarations,
        Suspended: card.Suspended,
      })
    );
  }, [sim, card.Suspended]);

  // the address is the share link: keep it in step with what is simulated (replace, so Back leaves the page)
  useEffect(() => {
    setParams((current) => withSimulation(current, sim), { replace: true });
  }, [sim, setParams]);

  const shareLink = `${window.location.origin}/index/${encodeURIComponent(card.GroupId)}?${withSimulation(new URLSearchParams(), sim).toString()}`;
  const set = (patch: Partial<Simulation>) => setSim((s) => ({ ...s, ...patch }));

  return (
    <aside className="simulator-panel" aria-labelledby={titleId} data-simulation="true">
      <header className="simulator-header">
        <div>
          <span className="simulation-badge">Simulation</span>
          <h2 id={titleId}>What-if simulator</h2>
        </div>
        <Button variant="link" onClick={onClose} aria-label="Close the simulator">
          Close
        </Button>
      </header>
      <p className="notice notice-warning simulation-note" role="note">
        {SIMULATION_NOTE}
      </p>

      <section className="simulator-result" aria-label="Simulated result" aria-live="polite">
        {outcome ? (
          <dl className="facts">
            <dt>Simulated score</dt>
            <dd>
              <span className="score-big" data-simulated-score>
                {outcome.score}
              </span>{' '}
              <span className="muted">
                ({signed(Math.round((outcome.score - card.Score) * 10) / 10)} on the published {card.Score})
              </span>
            </dd>
            <dt>Simulated category</dt>
            <dd data-simulated-category>
              <CategoryBadge category={outcome.category} />
            </dd>
            <dt>Simulated ASU assessment</dt>
            <dd data-simulated-asu>{outcome.asuConclusion}</dd>
          </dl>
        ) : (
          <p className="muted">Enter every variable as a number from 0 to 5 in steps of .5 to see the simulated score.</p>
        )}
      </section>

      <form className="simulator-inputs" onSubmit={(e) => e.preventDefault()} aria-label="Simulated inputs">
        <div className="simulator-grid">
          {VARIABLES.map((v) => (
            <ScoreInput
              key={v}
              variable={v}
              name={VARIABLE_NAMES[v]}
              value={sim.inputs[v]}
              onChange={(text) => set({ inputs: { ...sim.inputs, [v]: text } })}
            />
          ))}
        </div>
        <SelectField label="Precedent adjustment" value={sim.level} onChange={(e) => set({ level: Number(e.target.value) as PbaLevel })}>
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              {levelOption(level)}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          label="Qualifying declarations made"
          checked={sim.qualifyingDeclarations}
          onChange={(e) => set({ qualifyingDeclarations: e.target.checked })}
        />
      </form>

      {outcome && <PointsTable title="Simulated points" breakdown={outcome.breakdown} names={VARIABLE_NAMES} />}

      <div className="simulator-actions">
        <Button variant="secondary" onClick={() => setSim(simulationOf(card))}>
          Reset to the published values
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(shareLink).then(
              () => toast.success('Share link copied.', 4000),
              () => toast.danger('The link could not be copied; select it below.', 6000),
            );
          }}
        >
          Copy share link
        </Button>
        <label className="simulator-link">
          <span>Share link</span>
          <input readOnly value={shareLink} onFocus={(e) => e.currentTarget.select()} />
        </label>
      </div>
    </aside>
  );
}
