import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Finds an executable on PATH or in the usual system directories. */
export function findExecutable(name: string): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin', '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return null;
}

let aptUpdated = false;

/**
 * Returns the path of `binary`, installing the Debian package that ships it when it
 * is missing and apt is usable (root on Debian/Ubuntu). Otherwise throws a message
 * saying what to install.
 */
export function ensureDebianPackage(pkg: string, binary: string, hint: string): string {
  const found = findExecutable(binary);
  if (found) return found;
  const apt = findExecutable('apt-get');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!apt || !isRoot) {
    throw new Error(`${binary} is not installed. Install it first: ${hint}`);
  }
  process.stderr.write(`Installing ${pkg} with apt-get…\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    spawnSync(apt, ['update', '-qq'], { stdio: 'inherit', env });
    aptUpdated = true;
  }
  execFileSync(apt, ['install', '-y', '-qq', pkg], { stdio: 'inherit', env });
  const installed = findExecutable(binary);
  if (!installed) throw new Error(`Installed ${pkg} but ${binary} is still not on PATH`);
  return installed;
}
