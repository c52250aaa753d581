import type { Scorecard } from '@cti/contracts';
import { isValidInput, pbaLevel, VARIABLES, type PbaLevel, type Variable } from '@cti/scoring-rules';

/** What a what-if simulation holds: the variables as typed, the precedent-adjustment level, the declarations. */
export interface Simulation {
  inputs: Record<Variable, string>;
  level: PbaLevel;
  qualifyingDeclarations: boolean;
}

/** The query parameter that opens the simulator on a scorecard (the share link). */
export const SIMULATE_PARAM = 'simulate';
const LEVEL_PARAM = 'pba';
const DECLARATIONS_PARAM = 'qd';
const SIMULATION_PARAMS = [SIMULATE_PARAM, ...VARIABLES, LEVEL_PARAM, DECLARATIONS_PARAM];

export const isSimulationLink = (params: URLSearchParams) => params.get(SIMULATE_PARAM) === '1';

/** The published values of a scorecard, as the simulation starts. */
export function simulationOf(card: Scorecard): Simulation {
  return {
    inputs: Object.fromEntries(VARIABLES.map((v) => [v, String(card[v] ?? 0)])) as Record<Variable, string>,
    level: pbaLevel(!!card.isPBA, card.PBA),
    qualifyingDeclarations: card.QualifyingDeclarations,
  };
}

/**
 * A simulation read from a share link; any missing or invalid value (not 0 to 5 in steps
 * of .5, an unknown level) keeps the scorecard's published value.
 */
export function simulationFromLink(params: URLSearchParams, card: Scorecard): Simulation {
  const published = simulationOf(card);
  const inputs = { ...published.inputs };
  for (const v of VARIABLES) {
    const raw = params.get(v);
    if (raw !== null && raw.trim() !== '' && isValidInput(Number(raw))) inputs[v] = String(Number(raw));
  }
  const level = Number(params.get(LEVEL_PARAM));
  const declarations = params.get(DECLARATIONS_PARAM);
  return {
    inputs,
    level: params.has(LEVEL_PARAM) && (level === 0 || level === 1 || level === 2 || level === 3) ? level : published.level,
    qualifyingDeclarations: declarations === '1' ? true : declarations === '0' ? false : published.qualifyingDeclarations,
  };
}

/** The share link's parameters for a simulation, beside the page's other parameters. */
export function withSimulation(params: URLSearchParams, sim: Simulation): URLSearchParams {
  const next = withoutSimulation(params);
  next.set(SIMULATE_PARAM, '1');
  for (const v of VARIABLES) next.set(v, sim.inputs[v].trim());
  next.set(LEVEL_PARAM, String(sim.level));
  next.set(DECLARATIONS_PARAM, sim.qualifyingDeclarations ? '1' : '0');
  return next;
}

export function withoutSimulation(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const p of SIMULATION_PARAMS) next.delete(p);
  return next;
}
