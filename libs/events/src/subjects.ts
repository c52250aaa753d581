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
