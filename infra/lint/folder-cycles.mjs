// Folder-level import cycles: within each service's src/ (and among the web app's features), the
// folders (feature folders, and each file directly under src/) form a graph by their relative
// imports; a cycle in it is reported with the imports that close it. `npm run lint` runs this file;
// infra/lint/test/folder-cycles.test.ts shows it fails on a deliberate cycle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';

const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;
const testFile = /\.test\.(ts|tsx)$/;

function* sourceFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* sourceFiles(full);
    } else if (sourceFile.test(entry.name) && !testFile.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield full;
    }
  }
}

/** The file a relative specifier names (`./x.js` is `./x.ts`), or undefined when it names none. */
function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/**
 * The folder graph of one source root: its nodes are the root's first-level folders and files
 * (`groups`, `app.ts`); an edge a -> b holds the imports (file -> file) that make it.
 */
function folderGraph(rootDir) {
  const nodeOf = (file) => path.relative(rootDir, file).split(path.sep)[0];
  const edges = new Map();
  for (const file of sourceFiles(rootDir)) {
    const from = nodeOf(file);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolve(file, fileName);
      if (!target || path.relative(rootDir, target).startsWith('..')) continue;
      const to = nodeOf(target);
      if (to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      const byTarget = edges.get(from);
      if (!byTarget.has(to)) byTarget.set(to, []);
      byTarget.get(to).push(`${path.relative(rootDir, file)} -> ${path.relative(rootDir, target)}`);
    }
  }
  return edges;
}

/** Each strongly connected set of two or more folders, as one cycle through it (Tarjan, then a walk). */
function folderCycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const connect = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of (edges.get(node) ?? new Map()).keys()) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) connect(node);
  return components.map((component) => {
    // the shortest way back from the component's first folder to itself, inside the component
    const start = component[0];
    const inside = new Set(component);
    const previous = new Map([[start, undefined]]);
    const queue = [start];
    let closing;
    while (queue.length && !closing) {
      const node = queue.shift();
      for (const next of (edges.get(node) ?? new Map()).keys()) {
        if (!inside.has(next)) continue;
        if (next === start) {
          closing = node;
          break;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    const loop = [];
    for (let node = closing; node !== undefined; node = previous.get(node)) loop.unshift(node);
    loop.push(start);
    const imports = loop.slice(0, -1).map((node, i) => edges.get(node).get(loop[i + 1])[0]);
    return { folders: component, loop, imports };
  });
}

/** The source roots whose folders must not form a cycle: each service's and library's src/, the web app's features. */
function checkedRoots(repoRoot) {
  const sourceRoots = ['services', 'libs'].flatMap((parent) =>
    fs
      .readdirSync(path.join(repoRoot, parent))
      .map((pkg) => path.join(repoRoot, parent, pkg, 'src'))
      .filter((dir) => fs.existsSync(dir)),
  );
  return [...sourceRoots, path.join(repoRoot, 'web', 'src', 'features')];
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const roots = process.argv.length > 2 ? process.argv.slice(2).map((dir) => path.resolve(dir)) : checkedRoots(repoRoot);
const found = roots.flatMap((rootDir) => {
  const edges = folderGraph(rootDir);
  return folderCycles(edges)
    .map((cycle) => ({ ...cycle, key: `${path.relative(repoRoot, rootDir)}: ${cycle.folders.join(', ')}` }))
    .map(({ key, loop, imports }) => `${key}\n  ${loop.join(' -> ')}\n${imports.map((line) => `    ${line}`).join('\n')}`);
});
if (found.length) {
  console.error(`Folder-level import cycles: move what both sides need to the folder that owns it.\n${found.join('\n')}`);
  process.exit(1);
}
