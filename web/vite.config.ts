import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const lib = (name: string) => fileURLToPath(new URL(`../libs/${name}/src/index.ts`, import.meta.url));
const pkg = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/**
 * Route-level code splitting: every page is its own chunk (the lazy imports of each
 * feature's routes.ts). These groups only name and gather libraries: the framework every
 * route needs goes in one long-cached chunk; the heavy ones (PDF, rich text)
 * each in a chunk that loads only with the pages that import them, never before
 * interaction on the public index page. `npm run bundle-report -w @cti/web` measures it.
 */
const chunkGroups = [
  {
    name: 'framework',
    test: pkg(
      'react|react-dom|scheduler|react-router|cookie|set-cookie-parser|react-redux|@reduxjs|redux|redux-thunk|immer|reselect|use-sync-external-store',
    ),
    priority: 30,
  },
  { name: 'pdf', test: pkg('pdfjs-dist'), priority: 20 },
  {
    name: 'rich-text',
    test: pkg('slate|slate-react|slate-history|is-hotkey|scroll-into-view-if-needed|compute-scroll-into-view|direction|is-plain-object'),
    priority: 20,
  },
  { name: 'table', test: pkg('@tanstack'), priority: 10 },
  // the small parts every index page shows (flags, category badges, the watchlist sign, row
  // access, tabs): one chunk instead of six, each of which cost its own gzip overhead on /index
  {
    name: 'index-parts',
    test: /[\\/]src[\\/](features[\\/]indexes[\\/](components[\\/](CategoryBadge|CountryFlag|WatchlistIcon|DemoNotice)|row-access)|components[\\/]tabs[\\/])/,
    priority: 5,
  },
];

/**
 * Writes gzip and brotli copies of the text files beside them, which the gateway sends
 * to browsers that accept them (@fastify/static `preCompressed`): the bytes on the wire
 * are the gzipped sizes the bundle report measures.
 */
function precompress(): Plugin {
  return {
    name: 'cti-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      // the bundle's files, and the map's shapes copied from public/geo
      const geo = fs.existsSync(path.join(dir, 'geo')) ? fs.readdirSync(path.join(dir, 'geo')).map((f) => `geo/${f}`) : [];
      for (const fileName of [...Object.keys(bundle), ...geo]) {
        if (!/\.(js|mjs|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }));
      }
    },
  };
}

/**
 * Source maps are for developers, not for every visitor (they hold the whole source): the build
 * writes them without a `sourceMappingURL` comment (`sourcemap: 'hidden'`) and this moves them
 * out of the served folder, to `web/dist-sourcemaps/` beside it (a browser's developer tools
 * load one from there by hand; error reports are decoded with them).
 */
function sourceMapsOutsideTheServedFolder(): Plugin {
  return {
    name: 'cti-source-maps-aside',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const aside = path.join(path.dirname(dir), 'dist-sourcemaps');
      fs.rmSync(aside, { recursive: true, force: true });
      for (const fileName of Object.keys(bundle).filter((f) => f.endsWith('.map'))) {
        fs.mkdirSync(path.dirname(path.join(aside, fileName)), { recursive: true });
        fs.renameSync(path.join(dir, fileName), path.join(aside, fileName));
      }
    },
  };
}

// The web imports the same contracts and access rules as the services, from source.
export default defineConfig({
  plugins: [react(), precompress(), sourceMapsOutsideTheServedFolder()],
  resolve: {
    alias: {
      '@cti/contracts': lib('contracts'),
      '@cti/access': lib('access'),
      '@cti/scoring-rules': lib('scoring-rules'),
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/app-config.json': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The web uses libs/contracts for its types and answer texts, not its TypeBox schemas:
      // schema builders are pure, so unused schemas (and TypeBox with them) drop out of pages.
      // The contracts' own schema helpers carry @__NO_SIDE_EFFECTS__; their arguments read
      // constants (`TextLimits.id`), and reading a property has no side effect in this code.
      treeshake: {
        manualPureFunctions: ['Type'],
        propertyReadSideEffects: false,
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]typebox[\\/]/, sideEffects: false },
          { test: /[\\/]libs[\\/](contracts|access|scoring-rules)[\\/]/, sideEffects: false },
          { test: /./, sideEffects: true },
        ],
      },
      output: {
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
});
