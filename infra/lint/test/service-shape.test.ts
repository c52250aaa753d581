import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The service shape's lint rules (queries only in a feature folder's repository.ts; the HTTP
 * request and reply only in its routes.ts) fail on deliberate violations: the fixtures (ignored
 * by `npm run lint`) are linted here with the real configuration, at paths that look like a
 * service's source.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');
const fixtures = 'infra/lint/test/fixtures';

interface LintResult {
  filePath: string;
  messages: Array<{ ruleId: string | null; line: number; message: string }>;
}

function lint(...targets: string[]): LintResult[] {
  const res = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules', 'eslint', 'bin', 'eslint.js'), '--no-ignore', '--format', 'json', ...targets],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  if (!res.stdout.trim().startsWith('[')) throw new Error(`eslint did not run: ${res.stderr}`);
  return JSON.parse(res.stdout) as LintResult[];
}

it("fails a use-case's own query and SQL, and lets the repository write them", () => {
  const hits = lint(`${fixtures}/service-shape/services/demo/src/reports`).flatMap((r) =>
    r.messages
      .filter((m) => m.ruleId === 'no-restricted-syntax')
      .map((m) => `${path.basename(r.filePath)}:${m.line} ${m.message.split(' ')[0]}`),
  );
  expect(hits.sort()).toEqual(['list-reports.ts:11 SQL', 'list-reports.ts:8 Queries']);
});

const importHits = (results: LintResult[]) =>
  results.flatMap((r) =>
    r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${path.relative(repoRoot, r.filePath)}:${m.line}`),
  );

it('fails a use-case that imports the request or reply type, and lets the routes import them', () => {
  const results = lint(`${fixtures}/fastify-in-routes/services/demo/src/reports`);
  // both names of the one import are reported, on its line
  expect(importHits(results)).toEqual([
    'infra/lint/test/fixtures/fastify-in-routes/services/demo/src/reports/rename-report.ts:1',
    'infra/lint/test/fixtures/fastify-in-routes/services/demo/src/reports/rename-report.ts:1',
  ]);
  expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message))).toEqual([
    expect.stringContaining("'FastifyReply' import from 'fastify' is restricted"),
    expect.stringContaining("'FastifyRequest' import from 'fastify' is restricted"),
  ]);
});

/**
 * Every service's source with this one rule (`ruleFilter`, and no type information, which the
 * rule does not need): a whole type-aware run of the repository takes minutes.
 */
function lintServicesForRequestImports(): LintResult[] {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
      overrideConfig: { files: ['**/*.ts'], languageOptions: { parserOptions: { project: false } } },
    });
    const results = await eslint.lintFiles(['services/*/src/**/*.ts']);
    process.stdout.write(JSON.stringify(results.map(({ filePath, messages }) => ({ filePath, messages }))));
  `;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (!res.stdout.trim().startsWith('[')) throw new Error(`eslint did not run: ${res.stderr}`);
  return JSON.parse(res.stdout) as LintResult[];
}

it("passes every service's source as it is", () => {
  const results = lintServicesForRequestImports();
  expect(results.length).toBeGreaterThan(100);
  expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === null).map((m) => `${r.filePath}: ${m.message}`))).toEqual([]);
  expect(importHits(results)).toEqual([]);
}, 300_000);
