#!/usr/bin/env node
// Lays out one service for its image: node infra/docker/deploy-service.mjs <service> <outDir>
//
// Copies, from a built work tree, the workspaces the service depends on at run time
// (its own and the @cti/* libraries it reaches through `dependencies`), the root
// manifest restricted to those workspaces, and the lockfile; then
// `npm install --omit=dev` in <outDir> installs their production dependencies only.
// The gateway also gets the built web app (web/dist). A `server.js` at the root starts
// the service, so images need no shell to pick it.
import fs from 'node:fs';
import path from 'node:path';

const [service, outArg] = process.argv.slice(2);
if (!service || !outArg) {
  process.stderr.write('usage: deploy-service.mjs <service> <outDir>\n');
  process.exit(64);
}
const root = process.cwd();
const out = path.resolve(outArg);
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

const rootManifest = readJson(path.join(root, 'package.json'));
const workspaceDirs = rootManifest.workspaces
  .flatMap((pattern) =>
    pattern.endsWith('/*') ? fs.readdirSync(path.join(root, pattern.slice(0, -2))).map((d) => `${pattern.slice(0, -2)}/${d}`) : [pattern],
  )
  .filter((dir) => fs.existsSync(path.join(root, dir, 'package.json')));
const dirOf = new Map(workspaceDirs.map((dir) => [readJson(path.join(root, dir, 'package.json')).name, dir]));

const start = dirOf.get(`@cti/${service}`);
if (!start) {
  process.stderr.write(`no workspace @cti/${service}\n`);
  process.exit(65);
}
const needed = new Set();
const visit = (dir) => {
  if (needed.has(dir)) return;
  needed.add(dir);
  for (const dep of Object.keys(readJson(path.join(root, dir, 'package.json')).dependencies ?? {})) {
    if (dirOf.has(dep)) visit(dirOf.get(dep));
  }
};
visit(start);
if (!fs.existsSync(path.join(root, start, 'dist', 'src', 'server.js'))) {
  process.stderr.write(`${start} is not built (dist/src/server.js missing): run npx tsc -b first\n`);
  process.exit(66);
}

// what a running service never reads
const skip = new Set(['node_modules', 'test', 'bench', 'e2e']);
const copy = (from, to) => {
  fs.cpSync(from, to, {
    recursive: true,
    filter: (src) => !skip.has(path.basename(src)) && !src.endsWith('.tsbuildinfo') && !src.endsWith('.test.js'),
  });
};

fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
for (const dir of needed) copy(path.join(root, dir), path.join(out, dir));
if (service === 'gateway') {
  if (!fs.existsSync(path.join(root, 'web', 'dist', 'index.html'))) {
    process.stderr.write('web/dist is missing: build the web app first (npm run build -w @cti/web)\n');
    process.exit(66);
  }
  copy(path.join(root, 'web', 'dist'), path.join(out, 'web', 'dist'));
}
const { devDependencies: _dev, scripts: _scripts, ...manifest } = rootManifest;
fs.writeFileSync(path.join(out, 'package.json'), `${JSON.stringify({ ...manifest, workspaces: [...needed].sort() }, null, 2)}\n`);
fs.copyFileSync(path.join(root, 'package-lock.json'), path.join(out, 'package-lock.json'));
fs.writeFileSync(
  path.join(out, 'server.js'),
  `// the ${service} service (written by infra/docker/deploy-service.mjs)\nrequire('./${start}/dist/src/server.js');\n`,
);
process.stdout.write(`${service}: ${[...needed].sort().join(', ')}${service === 'gateway' ? ', web/dist' : ''}\n`);
