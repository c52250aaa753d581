/**
 * A steady stream of answer saves through the gateway, as a respondent filling a
 * questionnaire would make them: each request saves a token of its own (`fault-<run>-00042`)
 * as the answer to one free-text question, so that its effect (the change questionnaire
 * commits, with its outbox event) and its audit row can be found afterwards.
 */
export interface Outcome {
  token: string;
  /** The fault during which the request was sent (`baseline` before the first). */
  phase: string;
  /** HTTP status, or the reason no answer came (`network: …`). */
  status: number | string;
}

export const isAcknowledged = (o: Outcome) => typeof o.status === 'number' && o.status >= 200 && o.status < 300;

export interface AnswerStreamOptions {
  gatewayUrl: string;
  accessToken: string;
  questionnaireId: string;
  userId: string;
  /** The free-text question whose answer each request replaces. */
  questionId: string;
  run: string;
  concurrency: number;
}

export class AnswerStream {
  readonly outcomes: Outcome[] = [];
  phase = 'baseline';
  private sent = 0;
  private running = false;
  private clients: Array<Promise<void>> = [];

  constructor(private readonly options: AnswerStreamOptions) {}

  tokenOf(n: number): string {
    return `fault-${this.options.run}-${String(n).padStart(5, '0')}`;
  }

  /** A SQL regular expression matching this run's tokens. */
  get tokenPattern(): string {
    return `fault-${this.options.run}-[0-9]{5}`;
  }

  /** One save; resolves with its status (never throws). */
  async save(token: string): Promise<number | string> {
    const { gatewayUrl, accessToken, questionnaireId, userId, questionId } = this.options;
    try {
      const res = await fetch(`${gatewayUrl}/api/questionnaire/save/${questionnaireId}/${userId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify([{ Id: questionId, Model: token }]),
        signal: AbortSignal.timeout(60_000),
      });
      await res.arrayBuffer();
      return res.status;
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      return `network: ${cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))}`;
    }
  }

  start(): void {
    this.running = true;
    this.clients = Array.from({ length: this.options.concurrency }, () => this.client());
  }

  private async client(): Promise<void> {
    while (this.running) {
      const token = this.tokenOf(++this.sent);
      const phase = this.phase;
      const status = await this.save(token);
      this.outcomes.push({ token, phase, status });
      // a client that was refused waits a little before the next try, as the web app's user would
      if (!isAcknowledged({ token, phase, status })) await new Promise((r) => setTimeout(r, 100));
    }
  }

  countIn(phase: string): number {
    return this.outcomes.filter((o) => o.phase === phase).length;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.clients);
  }
}
