import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * infra/lint/folder-cycles.mjs (run by `npm run lint`) fails on folders that import each other,
 * even when no single file imports itself back, and names the loop and the imports that close it.
 */
const repoRoot = path.resolve(__dirname, '..', '..', '..');

function check(...dirs: string[]) {
  const res = spawnSync(process.execPath, [path.join(repoRoot, 'infra', 'lint', 'folder-cycles.mjs'), ...dirs], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { status: res.status, report: res.stderr };
}

it('fails two folders that import each other through different files, naming the loop', () => {
  const { status, report } = check('infra/lint/test/fixtures/folder-cycle');
  expect(status).toBe(1);
  expect(report).toContain('infra/lint/test/fixtures/folder-cycle: payments, purchases');
  expect(report).toContain('payments -> purchases -> payments');
  expect(report).toContain('payments/notice.mjs -> purchases/record.mjs');
  expect(report).toContain('purchases/ledger.mjs -> payments/refund.mjs');
});

it('passes the same folders once the dependency runs one way', () => {
  expect(check('infra/lint/test/fixtures/folder-no-cycle')).toEqual({ status: 0, report: '' });
});

it('finds no folder cycle in the services, the libs and the web features', () => {
  expect(check()).toEqual({ status: 0, report: '' });
});
