import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { SERVICE_NODE_FLAGS } from '../dev/src/stack';

/**
 * No Docker engine runs here, so image sizes cannot be measured; the Dockerfile is read,
 * and the step that lays out each image's /app (deploy-service.mjs) is run for real.
 */
const repo = path.resolve(__dirname, '..', '..');
const dockerfile = fs.readFileSync(path.join(repo, 'infra/docker/Dockerfile'), 'utf8');
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const stages = instructions.filter((l) => l.startsWith('FROM '));
const finalStage = instructions.slice(instructions.lastIndexOf(stages.at(-1)!));

describe('infra/docker/Dockerfile', () => {
  it('is one parametrised multi-stage build on a Node LTS base', () => {
    expect(instructions).toContain('ARG NODE_VERSION=22');
    expect(Number(/ARG NODE_VERSION=(\d+)/.exec(dockerfile)![1]) % 2).toBe(0); // even majors are the LTS lines
    expect(stages).toEqual([
      'FROM node:${NODE_VERSION}-bookworm-slim AS build',
      'FROM gcr.io/distroless/nodejs${NODE_VERSION}-debian12:nonroot AS runtime-slim',
      'FROM node:${NODE_VERSION}-bookworm-slim AS runtime-chromium',
      'FROM runtime-${RUNTIME}',
    ]);
  });

  it('installs production dependencies only, and strips types, maps and docs from them', () => {
    const build = instructions.find((l) => l.startsWith('RUN --mount=type=cache'))!;
    expect(build).toContain('npm install --omit=dev --ignore-scripts');
    expect(build).toContain("-name '*.d.ts'");
    expect(build).toContain("-name '*.map'");
  });

  it('runs as a non-root user with a healthcheck, and carries only /app and /data from the build', () => {
    expect(finalStage).toContain('USER 65532:65532');
    expect(finalStage.find((l) => l.startsWith('HEALTHCHECK'))).toContain('CMD ["/nodejs/bin/node", "/app/healthcheck.js"]');
    expect(finalStage.filter((l) => l.startsWith('COPY'))).toEqual([
      'COPY --from=build /app /app',
      'COPY --from=build --chown=65532:65532 /data /data',
    ]);
    const chromium = instructions.slice(instructions.indexOf(stages[2]), instructions.indexOf(stages[3]));
    expect(chromium).toContain('USER 65532:65532');
    expect(chromium.join(' ')).toContain('apt-get install -y --no-install-recommends chromium');
  });

  it('starts every service with the Node flags the dev runner uses', () => {
    const entrypoint = finalStage.find((l) => l.startsWith('ENTRYPOINT '))!;
    expect(JSON.parse(entrypoint.slice('ENTRYPOINT '.length))).toEqual(['/nodejs/bin/node', ...SERVICE_NODE_FLAGS]);
  });

  it('builds the web app into the gateway image only', () => {
    expect(dockerfile).toContain('if [ "$SERVICE" = gateway ]; then npx tsc -b web && npm run build -w @cti/web; fi');
  });
});

describe('infra/docker/deploy-service.mjs', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-'));
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));
  const deploy = (service: string) => {
    const dir = path.join(out, service);
    const log = execFileSync(process.execPath, [path.join(repo, 'infra/docker/deploy-service.mjs'), service, dir], {
      cwd: repo,
      encoding: 'utf8',
    });
    return { dir, log, manifest: JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown> };
  };

  it('lays out a service with the libraries it depends on, and nothing of the others', () => {
    const { dir, manifest } = deploy('audit');
    const workspaces = manifest.workspaces as string[];
    expect(workspaces).toEqual(expect.arrayContaining(['services/audit', 'libs/service-kit', 'libs/events', 'libs/db', 'libs/contracts']));
    expect(workspaces.filter((w) => w.startsWith('services/'))).toEqual(['services/audit']);
    expect(workspaces).not.toContain('libs/testing');
    expect(workspaces).not.toContain('web');
    expect(manifest.devDependencies).toBeUndefined();
    expect(fs.readFileSync(path.join(dir, 'server.js'), 'utf8')).toContain("require('./services/audit/dist/src/server.js')");
    expect(fs.existsSync(path.join(dir, 'services/audit/dist/src/server.js'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'services/audit/test'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'package-lock.json'))).toBe(true);
  });

  it('gives the gateway the built web app', () => {
    if (!fs.existsSync(path.join(repo, 'web/dist/index.html'))) {
      // the web app is built by `make test` before the browser journeys; build it to check this
      expect(() => deploy('gateway')).toThrow(/web\/dist is missing/);
      return;
    }
    const { dir } = deploy('gateway');
    expect(fs.existsSync(path.join(dir, 'web/dist/index.html'))).toBe(true);
  });
});
