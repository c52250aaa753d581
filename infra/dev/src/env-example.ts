import path from 'node:path';

import { DEPLOYABLES, variablesOf, type Deployable, type VariableInfo } from './service-configs';

const render = (v: VariableInfo) => {
  const value = v.default === undefined ? '' : String(v.default);
  const notes = [v.shape, v.required ? 'required' : ''].filter(Boolean).join('; ');
  return [`# ${v.description ? `${v.description} ` : ''}(${notes})`, `${v.required ? '' : '#'}${v.name}=${value}`].join('\n');
};

/**
 * The text of `.env.example`: every variable every service reads, from the config
 * schemas themselves (names, defaults, shapes) and the comments above them.
 */
export function envExample(repoRoot: string): string {
  const perService = new Map<Deployable, VariableInfo[]>(DEPLOYABLES.map((s) => [s, variablesOf(s, repoRoot)]));
  // variables read by every back-end service with the same definition
  const backEnd = DEPLOYABLES.filter((s) => s !== 'gateway');
  const signature = (v: VariableInfo) => JSON.stringify([v.default, v.shape, v.required]);
  const first = perService.get(backEnd[0])!;
  const common = first.filter((v) =>
    backEnd.every((s) => perService.get(s)!.some((w) => w.name === v.name && signature(w) === signature(v))),
  );
  const commonNames = new Set(common.map((v) => v.name));

  const sections = [
    [
      '# Every variable the services read, generated from their config schemas:',
      '#   node infra/dev/dist/env-example.js > .env.example',
      '# Commented lines show defaults; uncommented ones have none and must be given.',
      '# Any variable may instead be given as <NAME>_FILE, a file holding the value (secrets).',
      '# docker compose passes .env to every service; values set in docker-compose.yml win.',
    ].join('\n'),
    ['## Every back-end service (identity, questionnaire, scoring, documents, commerce, audit)', ...common.map(render)].join('\n\n'),
  ];
  for (const service of DEPLOYABLES) {
    const all = perService.get(service)!;
    const own = all.filter((v) => !commonNames.has(v.name));
    const shared = all.filter((v) => commonNames.has(v.name)).map((v) => v.name);
    const title = service === 'gateway' ? `## gateway (of the variables above it reads only ${shared.join(', ')})` : `## ${service}`;
    if (own.length) sections.push([title, ...own.map(render)].join('\n\n'));
  }
  return `${sections.join('\n\n\n')}\n`;
}

if (require.main === module) {
  process.stdout.write(envExample(path.resolve(__dirname, '..', '..', '..')));
}
