import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `make start` installs what it needs exactly as `make test` does: both ask
 * infra/dev/ensure-tools.sh for the same tools. A tool `make start` can do without
 * (OPTIONAL_TOOLS: Chromium) only warns when it cannot be had; a required one stops with
 * what to install.
 */
const repoRoot = path.resolve(__dirname, '..', '..');
const script = path.join(repoRoot, 'infra', 'dev', 'ensure-tools.sh');

/** The recipe lines of one Makefile target. */
function recipe(target: string): string[] {
  const lines = fs.readFileSync(path.join(repoRoot, 'Makefile'), 'utf8').split('\n');
  const start = lines.findIndex((l) => l.startsWith(`${target}:`) && !l.includes(':='));
  if (start < 0) throw new Error(`no target ${target} in the Makefile`);
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('\t')) break;
    body.push(line.trim());
  }
  return body;
}
const toolsOf = (target: string) => recipe(target).filter((l) => l.includes('ensure-tools.sh'));
/** `make test` runs its stages from infra/test/make-test.sh (`stage <name> <command>`). */
const toolsOfMakeTest = () =>
  fs
    .readFileSync(path.join(repoRoot, 'infra', 'test', 'make-test.sh'), 'utf8')
    .split('\n')
    .filter((l) => l.includes('ensure-tools.sh'))
    .map((l) => l.replace(/^stage \S+ /, ''));

it('make start, make test and make test-faults ask for the same tools', () => {
  expect(recipe('test')).toEqual(['bash infra/test/make-test.sh']);
  const ofTest = toolsOfMakeTest();
  expect(ofTest).toEqual(['bash infra/dev/ensure-tools.sh nats-server chromium']);
  // a start with several replicas of each service also needs the load balancer in front of them
  const haproxyWithReplicas = ' $(if $(filter-out 1,$(or $(REPLICAS),1)),haproxy)';
  expect(toolsOf('start')).toEqual(ofTest.map((l) => l + haproxyWithReplicas));
  expect(toolsOf('test-faults')).toEqual(ofTest);
});

describe('where a tool cannot be had (no package manager on the PATH)', () => {
  let emptyPath: string;
  beforeAll(() => (emptyPath = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-no-tools-'))));
  afterAll(() => fs.rmSync(emptyPath, { recursive: true, force: true }));

  const run = (env: Record<string, string>) =>
    spawnSync('/bin/bash', [script, 'cti-no-such-tool'], { env: { PATH: emptyPath, ...env }, encoding: 'utf8' });

  it('an optional tool only warns, and the start carries on', () => {
    const res = run({ OPTIONAL_TOOLS: 'cti-no-such-tool' });
    expect(res.status).toBe(0);
    expect(res.stderr).toContain('Warning: cti-no-such-tool is not installed and could not be installed; carrying on without it.');
  });

  it('a required tool stops with what to install', () => {
    const res = run({});
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Missing: cti-no-such-tool. Install them (Debian/Ubuntu: apt-get install cti-no-such-tool');
  });
});
