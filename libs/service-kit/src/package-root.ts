import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder of the package (the nearest one holding a package.json) above `from`, the same
 * from a service's sources (tests) and from its build (`dist/src/...`): where a service keeps
 * the files it reads at run time besides its code.
 */
export function packageRootOf(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}
