import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ChildArgs = Parameters<FastifyBaseLogger['child']>;

/** What the kit's loggers (pino's) offer beyond Fastify's logger interface. */
export interface LevelledLogger extends FastifyBaseLogger {
  isLevelEnabled(level: string): boolean;
  levels: { values: Record<string, number> };
}

/**
 * A request's logger that makes its pino child (bindings serialized, trace ids looked up)
 * only when a line is logged at a level the logger writes. Fastify asks for a child
 * logger for every request; at `warn`, most requests log nothing, and making the child
 * was the largest share of the kit's per-request work. Lines that are written are the
 * same as a child made at once would write.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  private made: LevelledLogger | null = null;

  /**
   * @param parent the service's logger
   * @param make makes the real child (called at most once)
   * @param ownLevel the route's own level (`logLevel`), when it has one
   */
  constructor(
    private readonly parent: LevelledLogger,
    private readonly make: () => LevelledLogger,
    private readonly ownLevel: string | undefined,
  ) {}

  /** The real child logger, made on first use. */
  materialize(): LevelledLogger {
    return (this.made ??= this.make());
  }

  get isMaterialized(): boolean {
    return this.made !== null;
  }

  isLevelEnabled(level: string): boolean {
    if (this.made) return this.made.isLevelEnabled(level);
    if (!this.ownLevel) return this.parent.isLevelEnabled(level);
    const values = this.parent.levels.values;
    const wanted = values[level];
    const threshold = values[this.ownLevel];
    return wanted !== undefined && threshold !== undefined && wanted >= threshold;
  }

  get level(): string {
    return this.made?.level ?? this.ownLevel ?? this.parent.level;
  }

  set level(level: string) {
    this.materialize().level = level;
  }

  child(...args: ChildArgs): FastifyBaseLogger {
    return this.materialize().child(...args);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  silent(): void {}

  private write(level: Level, args: unknown[]): void {
    if (!this.isLevelEnabled(level)) return;
    const logger = this.materialize();
    Reflect.apply(logger[level], logger, args);
  }
}
