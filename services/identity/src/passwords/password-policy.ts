import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

import { MIN_PASSWORD_LENGTH, PasswordAnswers, passwordLength } from '@cti/contracts';
import { DEMO_PASSWORD } from '@cti/demo-data';
import { BadRequest, packageRootOf } from '@cti/service-kit';

/** The list of common and breached passwords shipped with the service (see data/README.md). */
const LIST_FILE = path.join(packageRootOf(__dirname), 'data', 'common-passwords.txt.gz');

let commonPasswords: Promise<ReadonlySet<string>> | null = null;

/** The list, read and unpacked once, on first use (a failed read is tried again next time). */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= readFile(LIST_FILE)
    .then((packed) => promisify(gunzip)(packed))
    .then((text) => {
      const list = new Set(text.toString('utf8').split('\n').filter(Boolean));
      // published in the README: good for the demo accounts the seed creates, for nobody else
      list.add(DEMO_PASSWORD);
      return list;
    })
    .catch((err: unknown) => {
      commonPasswords = null;
      throw err;
    });
  return commonPasswords;
}

/**
 * Refuses a password someone chooses (reset, first password, My account) that NIST SP
 * 800-63B would: shorter than MIN_PASSWORD_LENGTH characters (`PasswordTooShort`), or on the
 * list of common and breached passwords, compared without case (`PasswordTooCommon`). No
 * composition rules. Accounts the seed creates get the demo password without this check.
 */
export async function assertPasswordAllowed(password: string): Promise<void> {
  if (passwordLength(password) < MIN_PASSWORD_LENGTH) throw new BadRequest(PasswordAnswers.tooShort);
  const list = await loadCommonPasswords();
  if (list.has(password.toLowerCase()) || list.has(password.trim().toLowerCase())) throw new BadRequest(PasswordAnswers.tooCommon);
}
