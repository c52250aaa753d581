import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The commit-msg hook (`.githooks/commit-msg`, enabled by `make install`) warns when a message is
 * not in the shape CONTRIBUTING.md asks for: a subject of at most 72 characters, a blank line, a
 * body with the why. It only warns: the commit goes through whatever the message.
 */
const hook = path.resolve(__dirname, '..', '..', '.githooks', 'commit-msg');
let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cti-commit-msg-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function warningsFor(message: string): { status: number | null; warnings: string } {
  const file = path.join(dir, 'COMMIT_EDITMSG');
  fs.writeFileSync(file, message);
  const res = spawnSync('bash', [hook, file], { encoding: 'utf8' });
  return { status: res.status, warnings: res.stderr };
}

it('is quiet on a short subject, a blank line and a body', () => {
  expect(warningsFor('Keep cookie on a Node 20 version\n\nlight-my-request pulled cookie@2, which needs Node 22.\n')).toEqual({
    status: 0,
    warnings: '',
  });
});

it('warns on a subject over 72 characters, and still lets the commit through', () => {
  const subject = 'Make the pure library tests run without Postgres and NATS, and much more besides';
  const { status, warnings } = warningsFor(`${subject}\n\nWhy it matters.\n`);
  expect(status).toBe(0);
  expect(warnings).toContain(`the subject is ${subject.length} characters long; keep it to 72`);
});

it('warns on a message without a body, and on a body not set off by a blank line', () => {
  expect(warningsFor('Retire the login target\n').warnings).toContain('there is no body');
  expect(warningsFor('Retire the login target\nbecause it measured nothing a user sees\n').warnings).toContain(
    'the second line is not blank',
  );
});

it('reads the message as git keeps it: comment lines and the diff under the scissors line do not count', () => {
  const verbose = '# Please enter the commit message\n# ------------------------ >8 ------------------------\ndiff --git a/x b/x\n';
  expect(warningsFor(`Retire the login target\n\nIssue 43 restates the targets.\n${verbose}`).warnings).toBe('');
  expect(warningsFor(`Retire the login target\n# a comment only\n${verbose}`).warnings).toContain('there is no body');
});

it('leaves merges alone', () => {
  expect(warningsFor("Merge branch 'main' into issue-43\n").warnings).toBe('');
});
