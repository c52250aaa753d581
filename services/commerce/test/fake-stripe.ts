import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  params: Record<string, unknown>;
}

type Obj = Record<string, any>;

/** Stripe's form encoding (`line_items[0][price]=…`) back into objects. */
function parseForm(body: string): Record<string, unknown> {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = node[part] ??= /^\d+$/.test(path[i + 1]) ? [] : {};
    });
  }
  return out;
}

/**
 * A local stand-in for the part of Stripe's API commerce uses, so the real `stripe`
 * SDK is exercised end to end (its encoding, headers, retries, idempotency keys).
 * Like Stripe, it answers a repeated idempotency key with the first answer.
 */
export class FakeStripe {
  readonly calls: RecordedCall[] = [];
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly portalConfigurations = new Map<string, Obj>();
  readonly schedules = new Map<string, Obj>();
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private server: http.Server | null = null;
  private seq = 0;
  /** Makes the next calls to a path prefix fail with a Stripe error. */
  failing: string | null = null;

  id(prefix: string) {
    return `${prefix}_${(++this.seq).toString().padStart(6, '0')}`;
  }

  async start(): Promise<number> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const url = new URL(req.url!, 'http://fake');
        const params = { ...parseForm(url.search.slice(1)), ...parseForm(body) };
        const key = req.headers['idempotency-key'] as string | undefined;
        this.calls.push({ method: req.method!, path: url.pathname, idempotencyKey: key, params });
        const send = (status: number, payload: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req') });
          res.end(JSON.stringify(payload));
        };
        const replayKey = key ? `${req.method} ${url.pathname} ${key}` : null;
        if (replayKey && this.replies.has(replayKey)) {
          const first = this.replies.get(replayKey)!;
          return send(first.status, first.body);
        }
        let status = 200;
        let payload: unknown;
        try {
          if (this.failing && url.pathname.startsWith(this.failing)) throw Object.assign(new Error('Simulated failure'), { status: 400 });
          payload = this.route(req.method!, url.pathname, params);
        } catch (err) {
          status = (err as { status?: number }).status ?? 500;
          payload = { error: { type: 'invalid_request_error', message: (err as Error).message } };
        }
        if (replayKey) this.replies.set(replayKey, { status, body: payload });
        send(status, payload);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  callsTo(method: string, path: string | RegExp) {
    return this.calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)));
  }

  private notFound(): never {
    throw Object.assign(new Error('No such object'), { status: 404 });
  }

  private route(method: string, path: string, p: Obj): unknown {
    const [, , resource, id, action] = path.split('/');
    if (method === 'POST' && path === '/v1/customers') return { id: this.id('cus'), object: 'customer', email: p.email };
    if (method === 'POST' && path === '/v1/products') return { id: this.id('prod'), object: 'product', name: p.name };
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: this.id('price'),
        object: 'price',
        active: true,
        product: p.product,
        unit_amount: Number(p.unit_amount),
        currency: p.currency,
        recurring: p.recurring,
      };
      this.prices.set(price.id, price);
      return price;
    }
    if (method === 'GET' && resource === 'prices' && id) return this.prices.get(id) ?? this.notFound();
    if (method === 'GET' && path === '/v1/billing_portal/configurations') {
      const data = [...this.portalConfigurations.values()].filter((c) => p.active === undefined || String(c.active) === p.active);
      return { object: 'list', has_more: false, url: path, data };
    }
    if (method === 'POST' && path === '/v1/billing_portal/configurations') {
      const configuration = {
        id: this.id('bpc'),
        object: 'billing_portal.configuration',
        active: true,
        metadata: p.metadata ?? {},
        features: p.features,
      };
      this.portalConfigurations.set(configuration.id, configuration);
      return configuration;
    }
    if (method === 'GET' && resource === 'subscription_schedules' && id) return this.schedules.get(id) ?? this.notFound();
    if (method === 'POST' && resource === 'prices' && id) {
      const price = this.prices.get(id) ?? this.notFound();
      price.active = p.active === 'true' ? true : p.active === 'false' ? false : price.active;
      return price;
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = {
        id: this.id('cs_test'),
        object: 'checkout.session',
        mode: p.mode,
        status: 'open',
        payment_status: 'unpaid',
        metadata: p.metadata ?? {},
        client_reference_id: p.client_reference_id,
        customer: p.customer ?? null,
        currency: 'usd',
        amount_total: null as number | null,
        line_items_requested: p.line_items,
        subscription_data: p.subscription_data,
        payment_intent: null as string | null,
        subscription: null as string | null,
        invoice: null as string | null,
        created: Math.floor(Date.now() / 1000),
        url: '',
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id}`;
      this.sessions.set(session.id, session);
      return session;
    }
    if (method === 'GET' && resource === 'checkout' && id === 'sessions' && action) {
      const session = { ...(this.sessions.get(action) ?? this.notFound()) };
      const expand = (p.expand as string[] | undefined) ?? [];
      if (expand.includes('subscription') && session.subscription) session.subscription = this.subscriptions.get(session.subscription);
      return session;
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const invoice = this.invoices.get(p.invoice as string) ?? this.notFound();
      return {
        object: 'list',
        has_more: false,
        url: '/v1/invoice_payments',
        data: [
          {
            id: this.id('inpay'),
            object: 'invoice_payment',
            amount_paid: invoice.amount_paid,
            currency: 'usd',
            status: 'paid',
            invoice: invoice.id,
            is_default: true,
            payment: { type: 'payment_intent', payment_intent: invoice.payment_intent },
            status_transitions: { paid_at: invoice.paid_at, canceled_at: null },
          },
        ],
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return {
        id: this.id('re'),
        object: 'refund',
        amount: this.amountOfIntent(p.payment_intent as string),
        payment_intent: p.payment_intent,
        status: 'succeeded',
      };
    }
    if (resource === 'subscriptions' && id) {
      const sub = this.subscriptions.get(id) ?? this.notFound();
      if (method === 'GET') {
        const expand = (p.expand as string[] | undefined) ?? [];
        return expand.includes('schedule') && typeof sub.schedule === 'string'
          ? { ...sub, schedule: this.schedules.get(sub.schedule) }
          : sub;
      }
      if (method === 'POST') {
        if (p.cancel_at_period_end !== undefined) sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
        if (p.cancellation_details) sub.cancellation_details = { reason: null, comment: (p.cancellation_details as Obj).comment ?? null };
        return sub;
      }
      if (method === 'DELETE') {
        sub.status = 'canceled';
        if (p.cancellation_details)
          sub.cancellation_details = { reason: 'cancellation_requested', comment: (p.cancellation_details as Obj).comment ?? null };
        return sub;
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const sid = this.id('bps');
      return {
        id: sid,
        object: 'billing_portal.session',
        customer: p.customer,
        flow: p.flow_data,
        return_url: p.return_url,
        url: `https://billing.stripe.test/p/session/${sid}`,
      };
    }
    this.notFound();
  }

  private amountOfIntent(intent: string): number {
    for (const s of this.sessions.values()) if (s.payment_intent === intent) return s.amount_total;
    for (const i of this.invoices.values()) if (i.payment_intent === intent) return i.amount_paid;
    return 0;
  }

  /** What Stripe does when the buyer pays on its checkout page. */
  completeSession(sessionId: string, amountCents: number): Obj {
    const session = this.sessions.get(sessionId)!;
    session.status = 'complete';
    session.payment_status = 'paid';
    session.amount_total = amountCents;
    session.customer ??= this.id('cus');
    if (session.mode === 'subscription') {
      const line = (session.line_items_requested as Obj[])[0];
      const sub = {
        id: this.id('sub'),
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        cancel_at_period_end: false,
        cancellation_details: { reason: null, comment: null },
        metadata: (session.subscription_data as Obj | undefined)?.metadata ?? {},
        items: {
          object: 'list',
          data: [
            {
              id: this.id('si'),
              object: 'subscription_item',
              price: { id: line.price },
              quantity: Number(line.quantity),
              current_period_start: Math.floor(Date.now() / 1000),
              current_period_end: Math.floor(Date.now() / 1000) + 365 * 86400,
            },
          ],
        },
      };
      this.subscriptions.set(sub.id, sub);
      const invoice = this.invoice(sub, amountCents, 'subscription_create');
      session.subscription = sub.id;
      session.invoice = invoice.id;
    } else {
      session.payment_intent = this.id('pi');
    }
    return session;
  }

  /**
   * What Stripe does when the subscriber confirms a move to a dearer price in a portal whose
   * configuration says `always_invoice`: the subscription takes the new price now and an
   * invoice for the difference over the rest of the period (to the second) is paid at once.
   */
  upgradeNow(subscriptionId: string, priceId: string, nowSeconds: number): { subscription: Obj; invoice: Obj } {
    const sub = this.subscriptions.get(subscriptionId)!;
    const item = sub.items.data[0];
    const from = this.prices.get(item.price.id)!;
    const to = this.prices.get(priceId)!;
    const periodStart = item.current_period_start ?? item.current_period_end - 365 * 86400;
    const left = (item.current_period_end - nowSeconds) / (item.current_period_end - periodStart);
    const amount = Math.round((to.unit_amount - from.unit_amount) * item.quantity * left);
    item.price = { id: priceId };
    // paid when the change is made (Stripe's times are whole seconds: stamping it with the clock
    // could tie with the first payment and leave the order of the two to chance)
    return { subscription: sub, invoice: this.invoice(sub, amount, 'subscription_update', nowSeconds) };
  }

  /** What Stripe does for a move to a cheaper price under `decreasing_item_amount`: a schedule switches it at the period's end. */
  scheduleAtPeriodEnd(subscriptionId: string, priceId: string): Obj {
    const sub = this.subscriptions.get(subscriptionId)!;
    const item = sub.items.data[0];
    const schedule = {
      id: this.id('sub_sched'),
      object: 'subscription_schedule',
      subscription: sub.id,
      phases: [
        {
          start_date: item.current_period_end - 365 * 86400,
          end_date: item.current_period_end,
          items: [{ price: item.price.id, quantity: item.quantity }],
        },
        { start_date: item.current_period_end, end_date: null, items: [{ price: priceId, quantity: item.quantity }] },
      ],
    };
    this.schedules.set(schedule.id, schedule);
    sub.schedule = schedule.id;
    return sub;
  }

  invoice(sub: Obj, amountCents: number, billingReason: string, paidAtSeconds = Math.floor(Date.now() / 1000)): Obj {
    const invoice = {
      id: this.id('in'),
      object: 'invoice',
      amount_paid: amountCents,
      currency: 'usd',
      billing_reason: billingReason,
      status: 'paid',
      payment_intent: this.id('pi'),
      paid_at: paidAtSeconds,
      status_transitions: { paid_at: paidAtSeconds },
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      lines: { object: 'list', data: [{ id: this.id('il'), pricing: { price_details: { price: sub.items.data[0].price.id } } }] },
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }
}
