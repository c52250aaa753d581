#!/usr/bin/env node
/**
 * Builds the web app and reports, for every route of src/app/routes.ts, the gzipped
 * JavaScript a browser loads before the page can be used: the entry chunk, the route's
 * page chunk, and every chunk they import statically (what Vite preloads). Chunks a page
 * imports later, on demand (a map, a chart), are listed separately and not counted.
 *
 *   node web/scripts/bundle-report.mjs [--outDir /tmp/x] [--sourcemap] [--json file] [--no-fail] [--packages] [--breakdown /route]
 *
 * Exits 1 when a route exceeds its budget (the public index page: 150 KB).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import { build, createServer } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;
/** Budgets in bytes of gzipped JavaScript before interaction, by route path. */
const BUDGETS = { '/index': 150 * KB };

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const outDir = path.resolve(option('--outDir') ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cti-bundle-report-')));
const jsonFile = option('--json');
const failOnBudget = !args.includes('--no-fail');
const showPackages = args.includes('--packages');
/** Routes whose page-specific JS is broken down by package (budgeted routes always are, with --packages). */
const breakdownRoutes = args.flatMap((a, i) => (a === '--breakdown' ? [args[i + 1]] : []));

const gzipSize = (text) => zlib.gzipSync(Buffer.from(text), { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

/** The page module of each route, read from the lazy `page: () => import('./X')` of each feature's routes.ts. */
async function loadRoutes() {
  const server = await createServer({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
  });
  try {
    const { appRoutes } = await server.ssrLoadModule('/src/app/routes.ts');
    return appRoutes.map((route) => {
      const match = /import__\(\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']/.exec(route.page.toString());
      const spec = match?.[1] ?? match?.[2];
      if (!spec) throw new Error(`cannot find the page module of ${route.path}`);
      return { path: route.path, title: route.title, module: path.join(webRoot, spec.replace(/^\//, '')) };
    });
  } finally {
    await server.close();
  }
}

/** Builds into outDir and keeps what Rolldown says about each chunk. */
async function buildAndCollect() {
  let bundle = null;
  await build({
    root: webRoot,
    mode: 'production',
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    // --sourcemap: the build exactly as `npm run build` makes it (make test builds web/dist this way)
    // ('hidden' as vite.config.ts has it: maps beside the served folder, no line naming them)
    build: { outDir, emptyOutDir: true, sourcemap: args.includes('--sourcemap') ? 'hidden' : false },
    plugins: [
      {
        name: 'cti-bundle-report',
        enforce: 'post',
        generateBundle(_options, output) {
          bundle = output;
        },
      },
    ],
  });
  const chunks = new Map();
  const cssSizes = new Map();
  for (const item of Object.values(bundle)) {
    if (item.type === 'asset' && item.fileName.endsWith('.css')) cssSizes.set(item.fileName, gzipSize(String(item.source)));
  }
  for (const item of Object.values(bundle)) {
    if (item.type !== 'chunk') continue;
    // the file written to disk is the final (minified) code; with --sourcemap, without the line naming
    // its map, so that the budget measures the same code with or without maps
    const code = fs.readFileSync(path.join(outDir, item.fileName), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '');
    chunks.set(item.fileName, {
      fileName: item.fileName,
      isEntry: item.isEntry,
      facade: item.facadeModuleId,
      imports: item.imports,
      dynamicImports: item.dynamicImports,
      css: [...(item.viteMetadata?.importedCss ?? [])],
      gzip: gzipSize(code),
      modules: Object.entries(item.modules).map(([id, m]) => ({ id, length: m.renderedLength })),
    });
  }
  return { chunks, cssSizes };
}

/** A chunk and everything it imports statically. */
function closure(chunks, start) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name) || !chunks.has(name)) return;
    seen.add(name);
    for (const dep of chunks.get(name).imports) visit(dep);
  };
  start.forEach(visit);
  return seen;
}

const packageOf = (id) => {
  const nm = id.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = id.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const rel = path.relative(path.resolve(webRoot, '..'), id.replace(/\?.*$/, ''));
  const m = /^(web\/src\/[^/]+(?:\/[^/]+)?|libs\/[^/]+)/.exec(rel);
  return m ? m[1] : rel;
};

/** Gzipped bytes per package in some chunks, each chunk's size shared out by its modules' rendered length. */
function packageBreakdown(chunks, names) {
  const totals = new Map();
  for (const name of names) {
    const chunk = chunks.get(name);
    const all = chunk.modules.reduce((s, m) => s + m.length, 0) || 1;
    for (const m of chunk.modules) totals.set(packageOf(m.id), (totals.get(packageOf(m.id)) ?? 0) + (chunk.gzip * m.length) / all);
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

async function main() {
  // build first: the dev server that reads the routes would set NODE_ENV to development
  process.env.NODE_ENV = 'production';
  const { chunks, cssSizes } = await buildAndCollect();
  const routes = await loadRoutes();
  const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
  const shell = closure(chunks, entries);
  const sum = (names) => [...names].reduce((s, n) => s + chunks.get(n).gzip, 0);
  const cssOf = (names) => new Set([...names].flatMap((n) => chunks.get(n).css));
  const cssSum = (files) => [...files].reduce((s, f) => s + (cssSizes.get(f) ?? 0), 0);

  // other routes' pages are loaded by navigating, not by this page: never "on demand" here
  const pageFiles = new Set([...chunks.values()].filter((c) => routes.some((r) => c.facade === r.module)).map((c) => c.fileName));
  const rows = routes.map((route) => {
    const page = [...chunks.values()].find((c) => c.facade === route.module);
    if (!page) throw new Error(`no chunk for ${route.path} (${route.module})`);
    const loaded = closure(chunks, [...entries, page.fileName]);
    const later = new Set();
    for (const name of loaded) for (const d of chunks.get(name).dynamicImports) if (!loaded.has(d) && !pageFiles.has(d)) later.add(d);
    const pageOnly = [...loaded].filter((n) => !shell.has(n));
    const lazyDeps = [...closure(chunks, [...later])].filter((n) => !loaded.has(n));
    const js = sum(loaded);
    const budget = BUDGETS[route.path];
    return {
      path: route.path,
      pageChunk: page.fileName,
      pageJs: sum(pageOnly),
      js,
      css: cssSum(cssOf(loaded)),
      onDemandJs: sum(lazyDeps),
      budget: budget ?? null,
      overBudget: budget !== undefined && js > budget,
    };
  });

  const pad = (s, n) => String(s).padEnd(n);
  const padL = (s, n) => String(s).padStart(n);
  console.log(`\nWeb bundle (gzipped) built in ${outDir}`);
  console.log(`Shared shell before any page: ${kb(sum(shell))} JS, ${kb(cssSum(cssOf(shell)))} CSS (${[...shell].join(', ')})\n`);
  console.log(`${pad('route', 34)}${padL('page JS', 10)}${padL('JS before use', 15)}${padL('CSS', 10)}${padL('on demand', 12)}  budget`);
  for (const r of rows.sort((a, b) => a.path.localeCompare(b.path))) {
    const budget = r.budget === null ? '' : `${r.overBudget ? 'OVER' : 'ok'} (≤ ${kb(r.budget)})`;
    console.log(
      `${pad(r.path, 34)}${padL(kb(r.pageJs), 10)}${padL(kb(r.js), 15)}${padL(kb(r.css), 10)}${padL(r.onDemandJs ? kb(r.onDemandJs) : '-', 12)}  ${budget}`,
    );
  }
  if (showPackages || breakdownRoutes.length) {
    console.log('\nShell by package:');
    for (const [name, bytes] of packageBreakdown(chunks, shell).slice(0, 25)) console.log(`  ${pad(name, 46)}${padL(kb(bytes), 10)}`);
    for (const r of rows.filter((row) => row.budget !== null || breakdownRoutes.includes(row.path))) {
      const loaded = closure(chunks, [...entries, r.pageChunk]);
      console.log(`\n${r.path} beyond the shell, by package:`);
      for (const [name, bytes] of packageBreakdown(
        chunks,
        [...loaded].filter((n) => !shell.has(n)),
      ).slice(0, 25))
        console.log(`  ${pad(name, 46)}${padL(kb(bytes), 10)}`);
    }
  }
  if (jsonFile)
    fs.writeFileSync(jsonFile, JSON.stringify({ outDir, shell: { js: sum(shell), chunks: [...shell] }, routes: rows }, null, 2));
  const over = rows.filter((r) => r.overBudget);
  if (over.length) {
    console.error(`\nOver budget: ${over.map((r) => `${r.path} ${kb(r.js)} > ${kb(r.budget)}`).join('; ')}`);
    if (failOnBudget) process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
