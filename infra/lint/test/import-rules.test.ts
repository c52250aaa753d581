import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The import rules of the repository's ESLint configuration fail on a deliberate violation:
 * the fixtures (ignored by `npm run lint`) are linted here with the real configuration.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');

interface LintResult {
  filePath: string;
  messages: Array<{ ruleId: string | null; message: string }>;
}

function lint(fixture: string): LintResult[] {
  const res = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules', 'eslint', 'bin', 'eslint.js'),
      '--no-ignore',
      '--format',
      'json',
      `infra/lint/test/fixtures/${fixture}`,
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (!res.stdout.trim().startsWith('[')) throw new Error(`eslint did not run: ${res.stderr}`);
  return JSON.parse(res.stdout) as LintResult[];
}

const ruleHits = (results: LintResult[], rule: string) =>
  results.flatMap((r) => r.messages.filter((m) => m.ruleId === rule).map(() => path.relative(repoRoot, r.filePath)));

it('fails two modules that import each other, through any number of folders', () => {
  expect(ruleHits(lint('cycle'), 'import-x/no-cycle').sort()).toEqual([
    'infra/lint/test/fixtures/cycle/ledger.mjs',
    'infra/lint/test/fixtures/cycle/payments/notice.mjs',
  ]);
});

it('passes the same modules once the dependency runs one way', () => {
  expect(lint('no-cycle').flatMap((r) => r.messages)).toEqual([]);
});
