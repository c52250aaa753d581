/**
 * Maps canonical event types (`evt.<service>.<entity>.<verb>`) to the subjects of one
 * deployment. Production uses the canonical prefix `evt`; tests give each file its own
 * prefix and stream so that one NATS server serves the whole run.
 */
export class SubjectSpace {
  constructor(
    readonly prefix = 'evt',
    readonly stream = 'EVENTS',
  ) {
    if (!/^[A-Za-z0-9_-]+$/.test(prefix)) throw new Error(`Invalid subject prefix ${prefix}`);
  }

  /** `evt.identity.user.loggedIn` → `<prefix>.identity.user.loggedIn` */
  toSubject(typeOrPattern: string): string {
    if (typeOrPattern === 'evt.>' || typeOrPattern === '>') return `${this.prefix}.>`;
    if (!typeOrPattern.startsWith('evt.')) throw new Error(`Event types start with "evt.": ${typeOrPattern}`);
    return `${this.prefix}${typeOrPattern.slice(3)}`;
  }

  get all(): string {
    return `${this.prefix}.>`;
  }

  /**
   * The core-NATS subject of a signal: a hint a process gives every other one at once, which no
   * stream keeps (a process away misses it, and must not depend on it alone):
   * `signal.<prefix>.<service>.<name>`, outside the events stream's subjects.
   */
  signal(service: string, name: string): string {
    return `signal.${this.prefix}.${service}.${name}`;
  }
}

/** NATS subject matching with `*` (one token) and `>` (the rest). */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}

/**
 * The narrowest single subject (with wildcards) that matches every subject one of `patterns`
 * matches: what a consumer of several patterns asks the server for, since NATS 2.9 takes one
 * filter subject per consumer. Patterns of one length that differ in some tokens give `*`
 * there (`a.b.c`, `a.b.d` → `a.b.*`); otherwise their common leading tokens and `>`
 * (`a.b.c`, `a.d.e.f` → `a.>`).
 */
export function coveringSubject(patterns: readonly string[]): string {
  if (!patterns.length) throw new Error('A consumer needs at least one subject');
  const split = patterns.map((p) => p.split('.'));
  const length = split[0].length;
  if (split.every((tokens) => tokens.length === length && !tokens.includes('>'))) {
    return split[0].map((token, i) => (split.every((tokens) => tokens[i] === token) ? token : '*')).join('.');
  }
  // `>` needs at least one token after the prefix, so the prefix stays shorter than the shortest pattern
  const shortest = Math.min(...split.map((tokens) => tokens.length));
  const prefix: string[] = [];
  for (let i = 0; i < shortest - 1; i++) {
    const token = split[0][i];
    if (token === '>' || !split.every((tokens) => tokens[i] === token)) break;
    prefix.push(token);
  }
  return [...prefix, '>'].join('.');
}
