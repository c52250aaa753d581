import fs from 'node:fs';
import path from 'node:path';

import type { RenderAsset } from './render-pool';

const TYPES: Record<string, string> = {
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The service's folder (the one holding its package.json), from source or from dist. */
function serviceRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

/** The files of `services/documents/assets`, the only things rendered pages may load. */
export function loadRenderAssets(directory = path.join(serviceRoot(__dirname), 'assets')): Map<string, RenderAsset> {
  const assets = new Map<string, RenderAsset>();
  for (const name of fs.readdirSync(directory)) {
    const type = TYPES[path.extname(name)];
    if (type) assets.set(name, { contentType: type, body: fs.readFileSync(path.join(directory, name)) });
  }
  return assets;
}
