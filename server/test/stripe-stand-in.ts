import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * Stripe without the internet: a local HTTP stand-in for the parts of Stripe's API the billing
 * module calls (customers, Checkout and portal sessions, subscriptions with their latest invoice).
 * It records every request, so tests can assert what was sent. Point the app at it with
 * `STRIPE_API_BASE: stripe.apiBase`.
 *
 * With `hostedPages`, the Checkout and portal URLs it hands out are pages served by the stand-in
 * itself, for browser tests: the Checkout page's "Pay" creates the subscription, redirects to the
 * session's `success_url` and delivers `checkout.session.completed` to `webhook.url`, signed with
 * the SDK's `webhooks.generateTestHeaderString`, as Stripe would.
 */

export type Json = Record<string, unknown>;
export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, string>;
  authorization: string;
}

export const STAND_IN_NOW = Math.floor(Date.now() / 1000);
export const DAY_SECONDS = 86400;

export interface SubscriptionInput {
  status: string;
  price: string;
  customer: string;
  org: string;
  trialEnd?: number | null;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  latestInvoice?: string;
  endedAt?: number;
}

export interface StandInOptions {
  /** Serve the Checkout and portal pages from the stand-in (browser tests) instead of unreachable stripe.test URLs. */
  hostedPages?: boolean;
}

interface CheckoutSession extends Json {
  id: string;
  customer: string;
  success_url: string;
  cancel_url: string;
  metadata: Record<string, string>;
  price: string;
  trialDays: number;
  status: 'open' | 'complete';
  subscription: string | null;
}

let eventSeq = 0;

/** A Stripe event envelope around `object` (ids unique per process). */
export function stripeEvent(type: string, object: Json, options: { id?: string; created?: number } = {}): Json {
  return {
    id: options.id ?? `evt_test_${++eventSeq}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? STAND_IN_NOW,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** The `Stripe-Signature` header Stripe would send for `payload`. */
export function signWebhook(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}h1{font-size:1.4rem}button,a.button{display:inline-block;padding:.6rem 1rem;border-radius:6px;border:0;background:#635bff;color:#fff;font-size:1rem;text-decoration:none;cursor:pointer}a{color:#635bff}</style>
</head><body><p>Stripe test stand-in</p>${body}</body></html>`;
}

export class StripeStandIn {
  readonly requests: RecordedRequest[] = [];
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly sessions = new Map<string, CheckoutSession>();
  /** Portal session id → its return_url (hosted pages only). */
  private readonly portalReturns = new Map<string, string>();
  /** Where the hosted Checkout page delivers its events (the app's `/api/billing/webhook`). */
  webhook: { url: string; secret: string } | null = null;
  /** How long after the Checkout redirect the events arrive (Stripe's are independent of it). */
  webhookDelayMs = 300;
  /** Answers every API call with a 500 (and tells the SDK not to retry). */
  failing = false;
  port = 0;
  private readonly server = http.createServer(
    (req, res) =>
      void this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      }),
  );
  private seq = 0;
  /** Deliveries still in flight (awaited by `stop`). */
  private readonly deliveries = new Set<Promise<unknown>>();

  constructor(private readonly options: StandInOptions = {}) {}

  /** The value for `STRIPE_API_BASE`. */
  get apiBase(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await Promise.allSettled([...this.deliveries]);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset(): void {
    this.requests.length = 0;
    this.subscriptions.clear();
    this.invoices.clear();
    this.sessions.clear();
    this.portalReturns.clear();
    this.failing = false;
  }

  calls(method: string, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  /** A subscription as the API returns it (period dates on the item, as in current API versions). */
  putSubscription(id: string, s: SubscriptionInput): Json {
    const interval = s.price.endsWith('_year') ? 'year' : 'month';
    const sub: Json = {
      id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      livemode: false,
      currency: 'eur',
      metadata: { organizationId: s.org },
      created: STAND_IN_NOW - DAY_SECONDS,
      start_date: STAND_IN_NOW - DAY_SECONDS,
      billing_cycle_anchor: STAND_IN_NOW - DAY_SECONDS,
      cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
      cancel_at: null,
      canceled_at: null,
      ended_at: s.endedAt ?? null,
      trial_start: s.trialEnd ? STAND_IN_NOW - DAY_SECONDS : null,
      trial_end: s.trialEnd ?? null,
      latest_invoice: s.latestInvoice ?? null,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: `si_${id}`,
            object: 'subscription_item',
            quantity: 1,
            subscription: id,
            metadata: {},
            current_period_start: s.periodEnd - 30 * DAY_SECONDS,
            current_period_end: s.periodEnd,
            price: {
              id: s.price,
              object: 'price',
              active: true,
              currency: 'eur',
              unit_amount: 900,
              type: 'recurring',
              recurring: { interval, interval_count: 1, usage_type: 'licensed' },
            },
          },
        ],
      },
    };
    this.subscriptions.set(id, sub);
    return sub;
  }

  /**
   * What paying on the Checkout page does: the subscription exists (trialing when the session asked
   * for a trial), the session is complete, and the signed events go to the webhook.
   */
  async completeCheckout(sessionId: string): Promise<{ subscription: Json; redirect: string }> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const now = Math.floor(Date.now() / 1000);
    const trialEnd = session.trialDays > 0 ? now + session.trialDays * DAY_SECONDS : null;
    const subscription = this.putSubscription(`sub_test_${++this.seq}`, {
      status: trialEnd ? 'trialing' : 'active',
      price: session.price,
      customer: session.customer,
      org: session.metadata.organizationId ?? '',
      trialEnd,
      periodEnd: trialEnd ?? now + 30 * DAY_SECONDS,
    });
    Object.assign(session, { status: 'complete', subscription: subscription.id });
    const completed = stripeEvent('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      customer: session.customer,
      subscription: subscription.id,
      client_reference_id: session.metadata.organizationId ?? null,
      metadata: session.metadata,
    });
    this.deliverLater(completed);
    return { subscription, redirect: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) };
  }

  /** Sends a signed event to the webhook shortly after (as Stripe does, independent of the redirect). */
  private deliverLater(evt: Json): void {
    const target = this.webhook;
    if (!target) return;
    const payload = JSON.stringify(evt, null, 2);
    const delivery = new Promise((resolve) => setTimeout(resolve, this.webhookDelayMs))
      .then(() =>
        fetch(target.url, {
          method: 'POST',
          body: payload,
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signWebhook(payload, target.secret) },
        }),
      )
      .then(async (res) => {
        if (!res.ok) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
      })
      .catch((err: unknown) => {
        console.error('stripe stand-in: webhook delivery failed', err);
      });
    this.deliveries.add(delivery);
    void delivery.finally(() => this.deliveries.delete(delivery));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const method = req.method ?? 'GET';
    if (this.options.hostedPages && (url.pathname.startsWith('/c/') || url.pathname.startsWith('/p/'))) {
      return this.hostedPage(method, url, res);
    }
    const text = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const body = Object.fromEntries(new URLSearchParams(text));
    this.requests.push({ method, path: url.pathname, body, authorization: String(req.headers.authorization ?? '') });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.seq}` });
      res.end(JSON.stringify(json));
    };
    if (this.failing) {
      res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on Stripe' } }));
      return;
    }
    const missing = (what: string) =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
    const n = ++this.seq;
    const metadata = (prefix: string) =>
      Object.fromEntries(
        Object.entries(body)
          .filter(([k]) => k.startsWith(`${prefix}[`))
          .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
      );
    const pages = this.options.hostedPages ? this.apiBase : null;

    if (method === 'POST' && url.pathname === '/v1/customers') {
      return send(200, {
        id: `cus_test_${n}`,
        object: 'customer',
        name: body.name ?? null,
        email: body.email ?? null,
        metadata: metadata('metadata'),
        livemode: false,
      });
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = `cs_test_${n}`;
      const session: CheckoutSession = {
        id,
        customer: body.customer ?? '',
        success_url: body.success_url ?? '',
        cancel_url: body.cancel_url ?? '',
        metadata: metadata('metadata'),
        price: body['line_items[0][price]'] ?? '',
        trialDays: Number(body['subscription_data[trial_period_days]'] ?? 0),
        status: 'open',
        subscription: null,
      };
      this.sessions.set(id, session);
      return send(200, {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        customer: body.customer,
        client_reference_id: body.client_reference_id,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        metadata: session.metadata,
        subscription: null,
        livemode: false,
        url: `${pages ?? 'https://checkout.stripe.test'}/c/pay/${id}`,
      });
    }
    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      const id = `bps_${n}`;
      const returnUrl = body.return_url ?? '';
      const link = `${pages ?? 'https://billing.stripe.test'}/p/session/${id}`;
      if (pages) this.portalReturns.set(id, returnUrl);
      return send(200, {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: returnUrl,
        livemode: false,
        url: link,
      });
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (subMatch?.[1]) {
      const sub = this.subscriptions.get(subMatch[1]);
      if (!sub) return missing(`subscription: '${subMatch[1]}'`);
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
        if (body.cancel_at === '') sub.cancel_at = null;
        const price = body['items[0][price]'];
        if (price) {
          const item = (sub.items as { data: Json[] }).data[0] as Json;
          item.price = {
            ...(item.price as Json),
            id: price,
            recurring: { interval: price.endsWith('_year') ? 'year' : 'month', interval_count: 1 },
          };
        }
      }
      const out: Json = structuredClone(sub);
      if (body['expand[0]'] === 'latest_invoice' && typeof sub.latest_invoice === 'string')
        out.latest_invoice = this.invoices.get(sub.latest_invoice) ?? sub.latest_invoice;
      return send(200, out);
    }
    return missing(`route: ${method} ${url.pathname}`);
  }

  /** The hosted Checkout page (`/c/pay/:id`, POST pays) and portal page (`/p/session/:id`). */
  private async hostedPage(method: string, url: URL, res: http.ServerResponse): Promise<void> {
    const html = (status: number, title: string, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(title, body));
    };
    const checkout = /^\/c\/pay\/([\w-]+)$/.exec(url.pathname);
    const session = checkout?.[1] ? this.sessions.get(checkout[1]) : undefined;
    if (session && method === 'POST') {
      if (session.status !== 'open') return html(400, 'Checkout', '<h1>This checkout session is no longer open.</h1>');
      const { redirect } = await this.completeCheckout(session.id);
      res.writeHead(303, { location: redirect });
      res.end();
      return;
    }
    if (session) {
      const trial = session.trialDays > 0 ? `<p>${session.trialDays}-day free trial</p>` : '';
      return html(
        200,
        'Checkout',
        `<h1>Subscribe</h1><p>Price <code>${escapeHtml(session.price)}</code></p>${trial}
<form method="post"><button type="submit">Pay and subscribe</button></form><p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
      );
    }
    const portal = /^\/p\/session\/([\w-]+)$/.exec(url.pathname);
    const returnUrl = portal?.[1] ? this.portalReturns.get(portal[1]) : undefined;
    if (returnUrl !== undefined) {
      return html(
        200,
        'Billing portal',
        `<h1>Customer portal</h1><p>Invoices, payment methods and plan changes would be here.</p>
<p><a class="button" href="${escapeHtml(returnUrl)}">Return to the app</a></p>`,
      );
    }
    return html(404, 'Not found', '<h1>Not found</h1>');
  }
}
