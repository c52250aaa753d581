import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';

/** The origin rendered documents are given: it resolves nowhere, and only our assets are served on it. */
export const RENDER_ORIGIN = 'http://documents.render.invalid';

export interface RenderAsset {
  contentType: string;
  body: Buffer;
}

export interface RenderPoolOptions {
  executablePath: string;
  /** Warm pages kept open. */
  size: number;
  /** Renders allowed to wait for a page; more are refused. */
  queueMax: number;
  timeoutMs: number;
  /** The service's own assets, by path below `/assets/` (print.css, logo.svg, …). */
  assets: ReadonlyMap<string, RenderAsset>;
  /** Longest wait between two attempts to launch a browser that would not start (they begin at 1 s and double). */
  retryMaxMs?: number;
  logger?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export interface RenderOptions {
  /** Paper size; A4 unless the document's CSS @page says otherwise. */
  format?: 'A4' | 'Letter';
  landscape?: boolean;
  /** HTML printed at the foot of every page (inline styles only; it loads nothing). */
  footerHtml?: string;
}

export class RendererBusy extends Error {
  constructor() {
    super('All renderer pages are busy and the queue is full');
    this.name = 'RendererBusy';
  }
}

/** No browser could be started (Chromium missing or broken): PDFs cannot be made until a retry succeeds. */
export class RendererUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`The PDF renderer is unavailable: ${reason}`);
    this.name = 'RendererUnavailable';
  }
}

export class RenderTimeout extends Error {
  constructor(ms: number) {
    super(`Rendering took longer than ${ms} ms`);
    this.name = 'RenderTimeout';
  }
}

/**
 * Flags that keep posted HTML from reaching any network even if a request slipped past
 * the request interception: every connection goes to a closed local port, loopback included.
 */
const ISOLATION_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-default-apps',
  '--no-first-run',
  '--disable-quic',
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

/**
 * One warm Chromium per documents instance and a bounded pool of pages turning HTML
 * into PDF. Pages run with JavaScript disabled and every request is intercepted: the
 * service's own assets are answered from memory, everything else is aborted, so posted
 * HTML can neither run scripts nor make the server fetch anything (no SSRF).
 */
export class RenderPool {
  private browser: Browser | null = null;
  private context: BrowserContext | null = null;
  private idle: Page[] = [];
  private readonly waiting: Array<(page: Page | null) => void> = [];
  private starting: Promise<void> | null = null;
  private closed = false;
  /** Why the last launch failed, while no browser runs; null once one does. */
  private failure: string | null = null;
  private failedLaunches = 0;
  private retry: NodeJS.Timeout | null = null;
  /** Requests aborted since start (a check for tests and metrics). */
  blockedRequests = 0;

  constructor(private readonly options: RenderPoolOptions) {}

  /**
   * Launches the browser and opens the warm pages (again after a crash). When it cannot
   * start, the pool is unavailable (renders fail fast with RendererUnavailable) and
   * launches are retried in the background with backoff until one succeeds.
   */
  start(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The renderer is closed'));
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.starting ??= this.launch().then(
      () => {
        if (this.failure) this.options.logger?.info({ attempts: this.failedLaunches }, 'the PDF renderer is up again');
        this.failure = null;
        this.failedLaunches = 0;
        this.starting = null;
      },
      (err: unknown) => {
        this.starting = null;
        this.launchFailed(err);
        throw err;
      },
    );
    return this.starting;
  }

  private launchFailed(err: unknown) {
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0].trim();
    const delay = Math.min(1000 * 2 ** this.failedLaunches, this.options.retryMaxMs ?? 60_000);
    this.failedLaunches++;
    // each new reason once, then now and then: a machine without Chromium must not flood the log
    if (reason !== this.failure || this.failedLaunches % 10 === 0) {
      this.options.logger?.error(
        { err, retryInMs: delay, attempts: this.failedLaunches },
        'the PDF renderer could not start; PDF requests answer 503 until it does',
      );
    }
    this.failure = reason;
    // waiters queued behind the launch get the same answer rather than waiting for the next try
    for (const waiter of this.waiting.splice(0)) waiter(null);
    if (this.closed) return;
    this.retry = setTimeout(() => void this.start().catch(() => undefined), delay);
    this.retry.unref();
  }

  private async launch(): Promise<void> {
    const browser = await chromium.launch({ executablePath: this.options.executablePath, headless: true, args: ISOLATION_ARGS });
    try {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        serviceWorkers: 'block',
        acceptDownloads: false,
        bypassCSP: false,
      });
      await context.route('**/*', (route) => this.answer(route));
      browser.on('disconnected', () => {
        if (this.browser !== browser) return;
        this.options.logger?.error({}, 'renderer browser disconnected; it will be relaunched');
        this.browser = null;
        this.context = null;
        this.idle = [];
        if (!this.closed) void this.start().catch(() => undefined);
      });
      this.browser = browser;
      this.context = context;
      this.idle = await Promise.all(Array.from({ length: this.options.size }, () => context.newPage()));
    } catch (err) {
      this.browser = null;
      await browser.close().catch(() => undefined);
      throw err;
    }
    // waiters queued while the browser was down get the fresh pages
    while (this.waiting.length && this.idle.length) this.waiting.shift()!(this.idle.pop()!);
  }

  private async answer(route: Route): Promise<void> {
    const url = route.request().url();
    if (url.startsWith(`${RENDER_ORIGIN}/assets/`)) {
      const asset = this.options.assets.get(decodeURIComponent(new URL(url).pathname.slice('/assets/'.length)));
      if (asset) return route.fulfill({ status: 200, contentType: asset.contentType, body: asset.body });
    }
    this.blockedRequests += 1;
    return route.abort('blockedbyclient');
  }

  /** Whether the browser is up. */
  get healthy(): boolean {
    return !!this.browser?.isConnected();
  }

  /** `up`, `starting` (a launch in progress) or `unavailable` (the last launch failed; retried in the background). */
  get state(): 'up' | 'starting' | 'unavailable' {
    if (this.healthy) return 'up';
    return this.starting || !this.failure ? 'starting' : 'unavailable';
  }

  /** Why the renderer is unavailable, or null. */
  get unavailableReason(): string | null {
    return this.healthy ? null : this.failure;
  }

  private async acquire(): Promise<Page> {
    if (this.closed) throw new Error('The renderer is closed');
    if (!this.healthy) {
      // a launch in progress is waited for; a failed one answers at once (the retry runs in the background)
      if (!this.starting && this.failure) throw new RendererUnavailable(this.failure);
      try {
        await this.start();
      } catch {
        throw new RendererUnavailable(this.failure ?? 'the browser did not start');
      }
    }
    const page = this.idle.pop();
    if (page) return page;
    if (this.waiting.length >= this.options.queueMax) throw new RendererBusy();
    const next = await new Promise<Page | null>((resolve) => this.waiting.push(resolve));
    if (!next) throw new RendererUnavailable(this.failure ?? 'the browser stopped');
    return next;
  }

  private release(page: Page) {
    if (page.isClosed() || !this.healthy) return;
    const next = this.waiting.shift();
    if (next) next(page);
    else this.idle.push(page);
  }

  /** A fresh page in place of one that timed out or crashed. */
  private async replace(page: Page) {
    await page.close().catch(() => undefined);
    if (!this.context || this.closed) return;
    try {
      this.release(await this.context.newPage());
    } catch (err) {
      this.options.logger?.warn({ err }, 'could not open a replacement renderer page');
    }
  }

  /** Renders one HTML document to PDF bytes. */
  async render(html: string, options: RenderOptions = {}): Promise<Buffer> {
    const page = await this.acquire();
    let timer: NodeJS.Timeout | undefined;
    try {
      const work = (async () => {
        await page.setContent(withRenderBase(html), { waitUntil: 'load', timeout: this.options.timeoutMs });
        return page.pdf({
          format: options.format ?? 'A4',
          landscape: options.landscape ?? false,
          printBackground: true,
          preferCSSPageSize: true,
          margin: { top: '12mm', bottom: options.footerHtml ? '34mm' : '14mm', left: '12mm', right: '12mm' },
          ...(options.footerHtml ? { displayHeaderFooter: true, headerTemplate: '<span></span>', footerTemplate: options.footerHtml } : {}),
        });
      })();
      // a render that lost the race to the timeout must not surface later as an unhandled rejection
      work.catch(() => undefined);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new RenderTimeout(this.options.timeoutMs)), this.options.timeoutMs);
      });
      const pdf = await Promise.race([work, timeout]);
      this.release(page);
      return pdf;
    } catch (err) {
      void this.replace(page);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const browser = this.browser;
    this.browser = null;
    this.context = null;
    this.idle = [];
    await browser?.close().catch(() => undefined);
  }
}

/** `<meta http-equiv="refresh">`: the one way posted HTML could navigate with scripts off. */
const META_REFRESH = /<meta\b[^>]*http-equiv\s*=\s*["']?refresh["']?[^>]*>/gi;

/**
 * Gives the document our render origin as its base, first in <head> so an own <base>
 * in the HTML cannot take over: relative `assets/...` links resolve to our assets.
 * Meta refreshes are removed: a navigation racing the load would fail the render.
 */
export function withRenderBase(posted: string): string {
  const html = posted.replace(META_REFRESH, '');
  const base = `<base href="${RENDER_ORIGIN}/">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return `${html.slice(0, head.index + head[0].length)}${base}${html.slice(head.index + head[0].length)}`;
  const htmlTag = /<html(\s[^>]*)?>/i.exec(html);
  if (htmlTag)
    return `${html.slice(0, htmlTag.index + htmlTag[0].length)}<head>${base}</head>${html.slice(htmlTag.index + htmlTag[0].length)}`;
  return `<!doctype html><html><head>${base}<meta charset="utf-8"></head><body>${html}</body></html>`;
}
