import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The service shape's lint rule (queries only in a feature folder's repository.ts) fails on a
 * deliberate violation: the fixture (ignored by `npm run lint`) is linted here with the real
 * configuration, at a path that looks like a service's source.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const fixture = 'infra/lint/test/fixtures/service-shape/services/demo/src/reports';

interface LintResult {
  filePath: string;
  messages: Array<{ ruleId: string | null; line: number; message: string }>;
}

function lint(): LintResult[] {
  const res = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--no-ignore', '--format', 'json', fixture],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  if (!res.stdout.trim().startsWith('[')) throw new Error(`eslint did not run: ${res.stderr}`);
  return JSON.parse(res.stdout) as LintResult[];
}

it("fails a use-case's own query and SQL, and lets the repository write them", () => {
  const hits = lint().flatMap((r) =>
    r.messages
      .filter((m) => m.ruleId === 'no-restricted-syntax')
      .map((m) => `${path.basename(r.filePath)}:${m.line} ${m.message.split(' ')[0]}`),
  );
  expect(hits.sort()).toEqual(['list-reports.ts:11 SQL', 'list-reports.ts:8 Queries']);
});
