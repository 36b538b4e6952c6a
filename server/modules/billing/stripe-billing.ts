import type Stripe from 'stripe';
import { ConfigError, type Config, type StripeConfig } from '../../config.ts';
import { ApiError, fieldError } from '../../core/errors.ts';
import { formatDateTime } from '../../core/datetime.ts';
import type { RecordEngine } from '../../core/records/engine.ts';
import type { SubscriptionStatus } from '../../../shared/constants.ts';
import { organizationByStripeId, organizationRow } from '../organizations/queries.ts';
import { billingEventProcessed, planByStripePrice, planPricesByCode, pruneBillingEventsBefore } from './queries.ts';
import { choosePlan, type BillingInterval } from './subscriptions.ts';

/**
 * BILLING=stripe: Checkout for new subscriptions, the Customer Portal, plan changes and cancel/resume
 * through the API, and the webhook that keeps each organization's billing fields in sync.
 *
 * Webhook events are only triggers: for every subscription event the subscription is fetched from
 * the API and its current state applied, so the latest state wins whatever the delivery order.
 */

type Row = Record<string, unknown>;

/** Stripe's subscription statuses as the organization's `subscriptionStatus`. */
const STATUS_MAP: Record<string, SubscriptionStatus> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  canceled: 'canceled',
  unpaid: 'unpaid',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  paused: 'past_due',
};

export function mapStripeStatus(status: string): SubscriptionStatus {
  return STATUS_MAP[status] ?? 'incomplete';
}

/** A subscription in one of these states is the one the organization pays with. */
const LIVE: ReadonlySet<unknown> = new Set(['trialing', 'active', 'past_due', 'unpaid']);
/** Choosing another plan changes the running subscription (no second Checkout) in these states. */
const CHANGEABLE: ReadonlySet<unknown> = new Set(['trialing', 'active', 'past_due']);

/** Processed event ids are kept this long (Stripe retries for 3 days; older replays fail the signature's timestamp check). */
const EVENT_RETENTION_DAYS = 90;

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

/**
 * The SDK client; STRIPE_API_BASE (an origin) points it at a stand-in or proxy. Loaded when first
 * needed: the package is half a second of a start, and an instance without Stripe billing (every
 * self-hosted one by default) never needs it.
 */
export async function createStripeClient(config: StripeConfig): Promise<Stripe> {
  const { default: StripeClient } = await import('stripe');
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 30_000, telemetry: false, appInfo: { name: 'qrmenu' } };
  if (config.apiBase) {
    const url = new URL(config.apiBase);
    const http = url.protocol === 'http:';
    options.protocol = http ? 'http' : 'https';
    options.host = url.hostname;
    options.port = url.port || (http ? 80 : 443);
  }
  return new StripeClient(config.secretKey, options);
}

/** Writes STRIPE_PRICE_<CODE>_MONTHLY / _YEARLY onto the plans (the webhook maps price ids back to plans from there). */
export async function applyPriceConfig(engine: RecordEngine, prices: StripeConfig['prices']): Promise<void> {
  for (const [code, price] of Object.entries(prices)) {
    const plan = planPricesByCode(engine.stmts, code);
    if (!plan) {
      const name = `STRIPE_PRICE_${code.toUpperCase().replace(/-/g, '_')}_*`;
      throw new ConfigError(`Invalid configuration:\n  ${name}: there is no plan with code "${code}"`);
    }
    const data: Row = {};
    if (price.month && price.month !== plan.stripePriceMonthly) data.stripePriceMonthly = price.month;
    if (price.year && price.year !== plan.stripePriceYearly) data.stripePriceYearly = price.year;
    if (Object.keys(data).length) {
      await engine.update(engine.collection('plans'), String(plan.id), { data, files: {}, fromForm: false }, engine.systemRequest());
    }
  }
}

/** Deletes processed event ids older than the retention period. */
export function pruneBillingEvents(engine: RecordEngine, now: Date): number {
  const before = formatDateTime(new Date(now.getTime() - EVENT_RETENTION_DAYS * 86400000));
  return pruneBillingEventsBefore(engine.stmts, before);
}

/** The id of an expandable field (`"cus_…"` or `{ id: "cus_…" }`). */
function idOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id;
  return '';
}

function fromUnix(seconds: number | null | undefined): string | undefined {
  return typeof seconds === 'number' && seconds > 0 ? formatDateTime(new Date(seconds * 1000)) : undefined;
}

export interface WebhookResult {
  received: true;
  duplicate?: true;
  ignored?: true;
}

export class StripeBilling {
  /** Per-organization queues: reads, Stripe calls and writes of one organization never interleave. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly engine: RecordEngine,
    private readonly config: Config,
    readonly stripe: Stripe,
  ) {}

  private isMissing(err: unknown): boolean {
    return err instanceof this.stripe.errors.StripeError && (err.code === 'resource_missing' || err.statusCode === 404);
  }

  private get secrets(): StripeConfig {
    if (!this.config.stripe) throw new ApiError(500, 'Stripe billing is not configured.');
    return this.config.stripe;
  }

  private serialized<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(fn);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  private org(id: string): Row | undefined {
    return organizationRow(this.engine.stmts, id);
  }

  private orgBy(column: 'stripeCustomerId' | 'stripeSubscriptionId', value: string): Row | undefined {
    return organizationByStripeId(this.engine.stmts, column, value);
  }

  private async updateOrg(id: string, data: Row): Promise<void> {
    await this.engine.update(
      this.engine.collection('organizations'),
      id,
      { data, files: {}, fromForm: false },
      this.engine.systemRequest(),
    );
  }

  private planByPrice(priceId: string): { id: string; interval: BillingInterval } | undefined {
    if (!priceId) return undefined;
    const plan = planByStripePrice(this.engine.stmts, priceId);
    return plan ? { id: String(plan.id), interval: plan.stripePriceYearly === priceId ? 'year' : 'month' } : undefined;
  }

  // ---- Staff actions -------------------------------------------------------------------------

  /**
   * A Checkout Session for the plan's price (`{ url }` to redirect to), or, when the organization
   * already has a running subscription, that subscription moved to the new price.
   */
  async subscribe(organizationId: string, user: Row, planCode: unknown, interval: unknown): Promise<{ url: string; status?: string }> {
    const chosen = choosePlan(this.engine, planCode, interval);
    const { plan } = chosen;
    const price = String((chosen.interval === 'year' ? plan.stripePriceYearly : plan.stripePriceMonthly) ?? '');
    if (!price) {
      const message = `The ${String(plan.name)} plan is not available with ${chosen.interval === 'year' ? 'yearly' : 'monthly'} billing yet.`;
      throw new ApiError(400, 'An error occurred while validating the submitted data.', {
        interval: fieldError('validation_invalid_value', message),
      });
    }
    return this.serialized(organizationId, async () => {
      const row = this.org(organizationId);
      if (!row) throw new ApiError(404);
      if (row.stripeSubscriptionId && CHANGEABLE.has(row.subscriptionStatus)) return this.changePrice(row, price);
      const customer = await this.ensureCustomer(row, user);
      const appUrl = this.config.appUrl;
      // One free trial per organization: not after a trial (trial mode or an earlier subscription).
      const trialDays = Number(plan.trialDays ?? 0);
      const trial = trialDays > 0 && !row.trialEndsAt && !row.stripeSubscriptionId ? trialDays : undefined;
      const metadata = { organizationId: String(row.id) };
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: String(row.id),
        line_items: [{ price, quantity: 1 }],
        success_url: `${appUrl}/subscribe/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/subscribe/`,
        metadata: { ...metadata, plan: String(plan.code), interval: chosen.interval },
        subscription_data: { metadata, ...(trial ? { trial_period_days: trial } : {}) },
      });
      if (!session.url) throw new ApiError(502, 'The payment provider returned no checkout page. Please try again.');
      return { url: session.url };
    });
  }

  /** The organization's Stripe customer, created once (organization id in its metadata). */
  private async ensureCustomer(row: Row, user: Row): Promise<string> {
    if (row.stripeCustomerId) return String(row.stripeCustomerId);
    const email = typeof user.email === 'string' && user.email ? user.email : undefined;
    const customer = await this.stripe.customers.create({
      name: String(row.name ?? ''),
      ...(email ? { email } : {}),
      metadata: { organizationId: String(row.id) },
    });
    await this.updateOrg(String(row.id), { stripeCustomerId: customer.id });
    return customer.id;
  }

  /** Plan change of a running subscription: the item moves to the new price (prorated); a scheduled cancellation is lifted. */
  private async changePrice(row: Row, price: string): Promise<{ url: string; status: string }> {
    const current = await this.stripe.subscriptions.retrieve(String(row.stripeSubscriptionId));
    const item = current.items.data[0];
    if (!item) throw new ApiError(400, 'The current subscription has no plan to change. Please use the billing portal.');
    const unchanged = item.price.id === price && !current.cancel_at_period_end && !current.cancel_at;
    const next = unchanged
      ? current
      : await this.stripe.subscriptions.update(current.id, {
          items: [{ id: item.id, price }],
          proration_behavior: 'create_prorations',
          ...(current.cancel_at && !current.cancel_at_period_end ? { cancel_at: '' as const } : { cancel_at_period_end: false }),
        });
    await this.apply(row, next, { adopt: false });
    return { url: `${this.config.appUrl}/subscribe/success`, status: mapStripeStatus(next.status) };
  }

  /** A Customer Portal session (payment methods, invoices, plan and cancellation). */
  async portal(organizationId: string): Promise<{ url: string }> {
    const row = this.org(organizationId);
    if (!row?.stripeCustomerId) throw new ApiError(400, 'There is no billing account for this organization yet. Choose a plan first.');
    const session = await this.stripe.billingPortal.sessions.create({
      customer: String(row.stripeCustomerId),
      return_url: `${this.config.appUrl}/settings/billing`,
    });
    return { url: session.url };
  }

  /** Cancel at period end, or resume before it ends; the organization is updated from the API's answer (the webhook confirms). */
  async setCancelAtPeriodEnd(organizationId: string, cancel: boolean): Promise<void> {
    await this.serialized(organizationId, async () => {
      const row = this.org(organizationId);
      if (!row?.stripeSubscriptionId) throw new ApiError(400, 'There is no subscription to change.');
      const id = String(row.stripeSubscriptionId);
      let params: Stripe.SubscriptionUpdateParams = { cancel_at_period_end: cancel };
      if (!cancel) {
        // A cancellation scheduled with a date (e.g. from the portal) is lifted by clearing that date.
        const current = await this.stripe.subscriptions.retrieve(id);
        if (current.cancel_at && !current.cancel_at_period_end) params = { cancel_at: '' };
      }
      const sub = await this.stripe.subscriptions.update(id, params);
      await this.apply(row, sub, { adopt: false });
    });
  }

  // ---- Webhook -------------------------------------------------------------------------------

  /** Verifies the signature of the raw body, then handles each event id once. */
  async handleWebhook(raw: unknown, signature: unknown): Promise<WebhookResult> {
    let event: Stripe.Event;
    try {
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new Error('empty body');
      if (typeof signature !== 'string' || !signature) throw new Error('no signature');
      event = this.stripe.webhooks.constructEvent(
        raw,
        signature,
        this.secrets.webhookSecret,
        undefined,
        undefined,
        this.config.now().getTime(),
      );
    } catch {
      throw new ApiError(400, 'Invalid Stripe webhook signature.');
    }
    if (!event || typeof event.id !== 'string' || typeof event.type !== 'string') throw new ApiError(400, 'Invalid Stripe webhook event.');
    if (this.processed(event.id)) return { received: true, duplicate: true };
    const handled = await this.dispatch(event);
    await this.markProcessed(event);
    return handled ? { received: true } : { received: true, ignored: true };
  }

  private processed(eventId: string): boolean {
    return billingEventProcessed(this.engine.stmts, eventId);
  }

  private async markProcessed(event: Stripe.Event): Promise<void> {
    const data = { eventId: event.id, type: event.type, objectId: idOf(event.data?.object) };
    try {
      await this.engine.create(this.engine.collection('billing_events'), { data, files: {}, fromForm: false }, this.engine.systemRequest());
    } catch (err) {
      // A concurrent delivery of the same event got there first: handling is idempotent, nothing to undo.
      if (!this.processed(event.id)) throw err;
    }
  }

  /** true when the event changed (or confirmed) an organization's billing state. */
  private async dispatch(event: Stripe.Event): Promise<boolean> {
    if (event.type === 'checkout.session.completed') return this.onCheckoutCompleted(event.data.object);
    if (event.type === 'invoice.payment_failed') return this.onPaymentFailed(event.data.object);
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      return this.onSubscriptionEvent(event.data.object as Stripe.Subscription, event.type === 'customer.subscription.deleted');
    }
    return false;
  }

  private async onCheckoutCompleted(session: Stripe.Checkout.Session): Promise<boolean> {
    if (session.mode !== 'subscription') return false;
    const customerId = idOf(session.customer);
    const subscriptionId = idOf(session.subscription);
    const org =
      this.org(session.metadata?.organizationId || session.client_reference_id || '') ?? this.orgBy('stripeCustomerId', customerId);
    if (!org) return false;
    const orgId = String(org.id);
    return this.serialized(orgId, async () => {
      if (customerId && !this.org(orgId)?.stripeCustomerId) await this.updateOrg(orgId, { stripeCustomerId: customerId });
      if (!subscriptionId) return true;
      const sub = await this.stripe.subscriptions.retrieve(subscriptionId);
      const row = this.org(orgId);
      // The subscription just bought is the organization's, even if an older one is still running.
      return row ? this.apply(row, sub, { adopt: true }) : false;
    });
  }

  private async onSubscriptionEvent(payload: Stripe.Subscription, deleted: boolean): Promise<boolean> {
    if (!payload?.id) return false;
    const org =
      this.org(payload.metadata?.organizationId ?? '') ??
      this.orgBy('stripeSubscriptionId', payload.id) ??
      this.orgBy('stripeCustomerId', idOf(payload.customer));
    if (!org) return false;
    const orgId = String(org.id);
    return this.serialized(orgId, async () => {
      let sub: Stripe.Subscription;
      try {
        sub = await this.stripe.subscriptions.retrieve(payload.id);
      } catch (err) {
        if (!this.isMissing(err)) throw err;
        // Gone from the API (e.g. deleted test data): a deletion still ends it, anything else is stale.
        if (!deleted) return false;
        sub = { ...payload, status: 'canceled' };
      }
      const row = this.org(orgId);
      return row ? this.apply(row, sub, { adopt: false }) : false;
    });
  }

  /**
   * A failed invoice payment: past_due while that invoice is still the subscription's latest and
   * unpaid (a late event after the payment succeeded on retry changes nothing).
   */
  private async onPaymentFailed(invoice: Stripe.Invoice): Promise<boolean> {
    const legacy = (invoice as unknown as { subscription?: unknown }).subscription;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) || idOf(legacy);
    if (!subscriptionId) return false;
    const org = this.orgBy('stripeSubscriptionId', subscriptionId) ?? this.orgBy('stripeCustomerId', idOf(invoice.customer));
    if (!org) return false;
    const orgId = String(org.id);
    return this.serialized(orgId, async () => {
      const sub = await this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
      const latest = sub.latest_invoice;
      const stillUnpaid = idOf(latest) === invoice.id && typeof latest === 'object' && latest?.status === 'open';
      const status = mapStripeStatus(sub.status);
      const row = this.org(orgId);
      if (!row) return false;
      return this.apply(row, sub, {
        adopt: false,
        status: stillUnpaid && (status === 'active' || status === 'trialing') ? 'past_due' : status,
      });
    });
  }

  /**
   * Applies a subscription's current state to its organization: status, plan and interval (from
   * the price), trial end, period end, cancel at period end, customer and subscription ids.
   * Another subscription of an organization that already pays with a live one is ignored, unless
   * `adopt` (it was just bought through Checkout) and it is live itself.
   */
  private async apply(row: Row, sub: Stripe.Subscription, options: { adopt: boolean; status?: SubscriptionStatus }): Promise<boolean> {
    const status = options.status ?? mapStripeStatus(sub.status);
    const current = String(row.stripeSubscriptionId ?? '');
    if (current && current !== sub.id && LIVE.has(row.subscriptionStatus) && !(options.adopt && LIVE.has(status))) return false;
    const item = sub.items?.data?.[0];
    const price = item?.price;
    const plan = this.planByPrice(price?.id ?? '');
    const legacyPeriodEnd = (sub as unknown as { current_period_end?: number | null }).current_period_end;
    const data: Row = {
      subscriptionStatus: status,
      stripeSubscriptionId: sub.id,
      cancelAtPeriodEnd: status !== 'canceled' && (sub.cancel_at_period_end || Boolean(sub.cancel_at)),
    };
    const customer = idOf(sub.customer);
    if (customer) data.stripeCustomerId = customer;
    if (plan) data.plan = plan.id;
    const interval = price?.recurring?.interval;
    if (interval === 'month' || interval === 'year') data.billingInterval = interval;
    else if (plan) data.billingInterval = plan.interval;
    const trialEnd = fromUnix(sub.trial_end);
    if (trialEnd) data.trialEndsAt = trialEnd;
    const periodEnd =
      status === 'canceled' && sub.ended_at ? fromUnix(sub.ended_at) : fromUnix(legacyPeriodEnd ?? item?.current_period_end);
    if (periodEnd) data.currentPeriodEnd = periodEnd;
    await this.updateOrg(String(row.id), data);
    return true;
  }
}
