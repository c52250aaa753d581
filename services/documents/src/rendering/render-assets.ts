import fs from 'node:fs';
import path from 'node:path';

import { packageRootOf } from '@cti/service-kit';

import type { RenderAsset } from './render-pool';

const TYPES: Record<string, string> = {
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** The files of `services/documents/assets`, the only things rendered pages may load. */
export function loadRenderAssets(directory = path.join(packageRootOf(__dirname), 'assets')): Map<string, RenderAsset> {
  const assets = new Map<string, RenderAsset>();
  for (const name of fs.readdirSync(directory)) {
    const type = TYPES[path.extname(name)];
    if (type) assets.set(name, { contentType: type, body: fs.readFileSync(path.join(directory, name)) });
  }
  return assets;
}
