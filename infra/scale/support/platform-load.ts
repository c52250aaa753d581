import { AnswerStream } from '../../faults/support/answer-stream';

/**
 * A steady load of the platform's writes and sign-ins through the front (round-robin over both
 * gateways), as its users make them: respondents saving answers, an admin saving scores, a
 * subscriber following and unfollowing a country, buyers buying certified scorecards, people
 * signing in. Every request is recorded with its phase, its answer and when it was sent and
 * answered; what it should have changed is found again afterwards by its key.
 */
export type LoadKind = 'answer save' | 'score save' | 'follow' | 'purchase' | 'login';
export const LOAD_KINDS: readonly LoadKind[] = ['answer save', 'score save', 'follow', 'purchase', 'login'];

export interface LoadOutcome {
  kind: LoadKind;
  /**
   * What its effect is found by: the token an answer or a score notice carries, `follow:<n>` /
   * `unfollow:<n>` for the n-th change of the follow, `<step>:<checkout session>` for a purchase.
   */
  key: string;
  phase: string;
  /** HTTP status, or why no answer came (`network: …`). */
  status: number | string;
  startedAt: number;
  endedAt: number;
}

export const isAcknowledged = (o: Pick<LoadOutcome, 'status'>) => typeof o.status === 'number' && o.status >= 200 && o.status < 300;

export interface Session {
  token: string;
  userId: string;
}

export interface LoadSetup {
  /** The front's URL (both gateways behind it). */
  url: string;
  /** Tells this run's tokens apart from any other's. */
  run: string;
  respondent: Session;
  questionnaireId: string;
  /** A free-text question of a section no one else locks. */
  questionId: string;
  admin: Session;
  /** What the admin saves, but the inputs and the notice: Ireland's scoring record as the editor loads it. */
  scoreRecord: Record<string, unknown>;
  follower: Session;
  followedGroupId: string;
  /** Who buys certified scorecards: each buys each of `orders` once (a second one is refused as owned). */
  buyers: Session[];
  /** Certified scorecards to buy: the product, a country and the period its scorecard shows. */
  orders: Array<{ productId: string; groupId: string; periodId: string }>;
  signIn: { email: string; password: string };
  /** Parallel respondents saving answers (the main stream). */
  answerClients: number;
}

/** One call; never throws. */
export async function call(
  url: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<{ status: number | string; body: unknown }> {
  try {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { status: `network: ${cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))}`, body: null };
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class PlatformLoad {
  readonly outcomes: LoadOutcome[] = [];
  phase = 'baseline';
  readonly answers: AnswerStream;
  private running = false;
  private loops: Array<Promise<void>> = [];
  private counters = new Map<string, number>();

  constructor(private readonly setup: LoadSetup) {
    this.answers = new AnswerStream({
      gatewayUrl: setup.url,
      accessToken: setup.respondent.token,
      questionnaireId: setup.questionnaireId,
      userId: setup.respondent.userId,
      questionId: setup.questionId,
      run: setup.run,
      concurrency: setup.answerClients,
    });
  }

  /** `scale-<run>-s00042`: what the n-th score save writes into Ireland's notice. */
  scoreToken(n: number): string {
    return `scale-${this.setup.run}-s${String(n).padStart(5, '0')}`;
  }

  get scoreTokenPattern(): string {
    return `scale-${this.setup.run}-s[0-9]{5}`;
  }

  private next(kind: string): number {
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    return n;
  }

  /** Sends one request and records it. */
  private async record(kind: LoadKind, key: string, send: () => Promise<number | string>): Promise<LoadOutcome> {
    const phase = this.phase;
    const startedAt = Date.now();
    const status = await send();
    const outcome = { kind, key, phase, status, startedAt, endedAt: Date.now() };
    this.outcomes.push(outcome);
    return outcome;
  }

  /** Sends a step again until it is answered 2xx (a user tries again), unless the load stops; answers its last outcome. */
  private async untilDone(kind: LoadKind, key: string, send: () => Promise<{ status: number | string; body: unknown }>) {
    let body: unknown = null;
    for (;;) {
      const outcome = await this.record(kind, key, async () => {
        const answer = await send();
        body = answer.body;
        return answer.status;
      });
      if (isAcknowledged(outcome)) return { outcome, body };
      if (!this.running) return { outcome, body: null };
      await pause(200);
    }
  }

  start(): void {
    this.running = true;
    const loop = (work: () => Promise<void>) =>
      (async () => {
        while (this.running) await work();
      })();
    this.loops = [
      ...Array.from({ length: this.setup.answerClients }, () => loop(() => this.saveAnswer())),
      loop(() => this.saveScore()),
      loop(() => this.toggleFollow()),
      loop(() => this.buy()),
      loop(() => this.signIn()),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }

  countIn(phase: string, kind?: LoadKind): number {
    return this.outcomes.filter((o) => o.phase === phase && (!kind || o.kind === kind)).length;
  }

  private async saveAnswer(): Promise<void> {
    const token = this.answers.tokenOf(this.next('answer'));
    const outcome = await this.record('answer save', token, () => this.answers.save(token));
    // a respondent who was refused waits a little before the next try
    if (!isAcknowledged(outcome)) await pause(100);
  }

  private async saveScore(): Promise<void> {
    const n = this.next('score');
    const token = this.scoreToken(n);
    const { url, admin, scoreRecord } = this.setup;
    await this.record('score save', token, async () => {
      const answer = await call(url, 'POST', '/api/questionnaire/save', {
        token: admin.token,
        // the inputs move every time (the score and what followers are told change), the notice names the save
        body: { ...scoreRecord, A: 2 + (n % 3), B: 3, C: 3, D: 3, E: 3, F: 3, IsSpecialNotice: true, Notice: `<p>${token}</p>` },
      });
      return answer.status;
    });
    await pause(300);
  }

  private async toggleFollow(): Promise<void> {
    const n = this.next('follow');
    const { url, follower, followedGroupId } = this.setup;
    const following = n % 2 === 1;
    await this.untilDone('follow', `${following ? 'follow' : 'unfollow'}:${n}`, () =>
      call(url, following ? 'PUT' : 'DELETE', `/api/follow/${followedGroupId}`, { token: follower.token }),
    );
    await pause(300);
  }

  private async buy(): Promise<void> {
    const { url, buyers, orders } = this.setup;
    const n = this.next('purchase');
    // the n-th purchase: buyers in turn, each country once per buyer; when all are bought, no more
    const buyer = buyers[(n - 1) % buyers.length];
    const order = orders[Math.floor((n - 1) / buyers.length)];
    if (!order) {
      await pause(1000);
      return;
    }
    const opened = await this.untilDone('purchase', `checkout:#${n}`, () =>
      call(url, 'POST', '/api/payment/checkout', { token: buyer.token, body: order }),
    );
    const sessionId = (opened.body as { sessionId?: string } | null)?.sessionId;
    if (!sessionId) return;
    const paid = await this.untilDone('purchase', `pay:${sessionId}`, () =>
      call(url, 'POST', `/api/payment/local/${sessionId}/pay`, { token: buyer.token }),
    );
    if (!isAcknowledged(paid.outcome)) return;
    await this.untilDone('purchase', `complete:${sessionId}`, () =>
      call(url, 'POST', '/api/payment', { token: buyer.token, body: { details: { sessionId } } }),
    );
    // paced so that the orders last the whole run, its faults included
    await pause(2000);
  }

  private async signIn(): Promise<void> {
    const { url, signIn } = this.setup;
    await this.record('login', `login:${this.next('login')}`, async () => {
      const answer = await call(url, 'POST', '/api/user/login', { body: { Email: signIn.email, Password: signIn.password } });
      return answer.status;
    });
    // a password hash is the costliest request of all: a few a second
    await pause(500);
  }
}
