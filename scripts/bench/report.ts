import {
  MIXED_OPS,
  type FanoutResult,
  type HubSnapshot,
  type MixedOp,
  type MixedResult,
  type SeedStats,
  type SoakResult,
} from './protocol.ts';
import type { WrkResult } from './wrk.ts';

export interface MeasuredScenario extends Omit<WrkResult, 'raw'> {
  key: string;
  label: string;
  /** Server process CPU (user + system) per request, µs. */
  cpuUsPerReq: number;
  /** BENCH_DB=pg: the PostgreSQL cluster's CPU (postmaster and backends) per request, µs. */
  dbCpuUsPerReq?: number;
}

export interface ScenarioResult extends MeasuredScenario {
  /** Requests/sec relative to the empty route (the mean of its first and last run). */
  vsEmpty: number;
  /** The empty route's server CPU per request divided by this scenario's: the same ratio, but
   * insensitive to other load on the machine (wrk included). */
  cpuVsEmpty: number;
}

/** The empty route runs first and again last; their mean is the baseline (and their gap shows drift). */
export const BASELINE_KEYS = ['empty', 'emptyEnd'];

function mean(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

export function withRatios(measured: MeasuredScenario[]): ScenarioResult[] {
  const base = measured.filter((m) => BASELINE_KEYS.includes(m.key));
  const rps = base.length ? mean(base.map((b) => b.requestsPerSec)) : 0;
  const cpu = base.length ? mean(base.map((b) => b.cpuUsPerReq)) : 0;
  return measured.map((m) => ({
    ...m,
    vsEmpty: rps ? m.requestsPerSec / rps : 0,
    cpuVsEmpty: m.cpuUsPerReq ? cpu / m.cpuUsPerReq : 0,
  }));
}

/** How a target's value reads: a ratio (shown as %), or an absolute number in a unit. */
export type TargetUnit = 'ratio' | 'times' | 'rows/s' | 'req/s' | 'ms' | 'KB' | 'MB' | 'clients' | 'count';

/** A target of the performance issue: a ratio between two scenarios, or an absolute bound. */
export interface Target {
  label: string;
  scenario: string;
  /** Compared against this scenario's req/s; absent for absolute targets (bulk insert). */
  relativeTo?: string;
  /** The value must be at least `min` and/or at most `max`. */
  min?: number;
  max?: number;
  stretch?: number;
  /** Absent: `ratio` for scenario ratios, `rows/s` for bulk insert. */
  unit?: TargetUnit;
}

export interface TargetResult extends Target {
  value: number | null;
  met: boolean;
  stretchMet?: boolean;
}

export const BULK = 'bulk';

export const TARGETS: Target[] = [
  { label: 'view ≥ 40% of empty', scenario: 'view', relativeTo: 'empty', min: 0.4 },
  // The same bar for a view the row cache cannot answer (the first after a write): the database read.
  { label: 'view, cold row cache ≥ 40% of empty', scenario: 'viewCold', relativeTo: 'empty', min: 0.4 },
  { label: 'authenticated view ≥ 35% of empty', scenario: 'viewAuth', relativeTo: 'empty', min: 0.35 },
  { label: '30-row list ≥ 12% of empty (stretch 15%)', scenario: 'list', relativeTo: 'empty', min: 0.12, stretch: 0.15 },
  { label: 'totals ≥ 85% of skipTotal list', scenario: 'listTotals', relativeTo: 'list', min: 0.85 },
  { label: 'one expand ≥ 75% of skipTotal list', scenario: 'listExpand', relativeTo: 'list', min: 0.75 },
  { label: 'create ≥ 15% of empty', scenario: 'create', relativeTo: 'empty', min: 0.15 },
  { label: 'bulk insert ≥ 25,000 rows/s', scenario: BULK, min: 25_000 },
  { label: 'guest page (100 items, cached) ≥ 75% of empty', scenario: 'guest', relativeTo: 'empty', min: 0.75 },
];

/**
 * The same scenarios on PostgreSQL (BENCH_DB=pg; issue 24): every query is a round trip to another
 * process, so the bars are lower. The bulk insert has no target there (the seed is informational).
 */
export const PG_TARGETS: Target[] = [
  { label: 'pg: view ≥ 25% of empty', scenario: 'view', relativeTo: 'empty', min: 0.25 },
  { label: 'pg: view, cold row cache ≥ 25% of empty', scenario: 'viewCold', relativeTo: 'empty', min: 0.25 },
  { label: 'pg: 30-row list ≥ 8% of empty', scenario: 'list', relativeTo: 'empty', min: 0.08 },
  { label: 'pg: create ≥ 10% of empty', scenario: 'create', relativeTo: 'empty', min: 0.1 },
];

/** Whether a value meets a target's bounds (null = not measured = not met). */
function meets(t: Target, value: number | null): boolean {
  return value !== null && Number.isFinite(value) && (t.min === undefined || value >= t.min) && (t.max === undefined || value <= t.max);
}

/** An absolute target checked against one measured value. */
export function checkTarget(t: Target, value: number | null): TargetResult {
  return { ...t, value, met: meets(t, value) };
}

export function evaluateTargets(results: ScenarioResult[], seed: SeedStats, targets: Target[] = TARGETS): TargetResult[] {
  const rps = new Map(results.map((r) => [r.key, r.requestsPerSec]));
  const base = results.filter((r) => BASELINE_KEYS.includes(r.key));
  if (base.length) rps.set('empty', mean(base.map((r) => r.requestsPerSec)));
  return targets.map((t) => {
    let value: number | null;
    if (t.scenario === BULK) value = seed.rowsPerSec;
    else {
      const a = rps.get(t.scenario);
      const b = t.relativeTo ? rps.get(t.relativeTo) : undefined;
      value = a !== undefined && b ? a / b : null;
    }
    const met = meets(t, value);
    return { ...t, value, met, ...(t.stretch !== undefined ? { stretchMet: value !== null && value >= t.stretch } : {}) };
  });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ms = (x: number) => (x < 1 ? `${(x * 1000).toFixed(0)}µs` : `${x.toFixed(2)}ms`);

function table(header: string[], rows: string[][], rightAlign: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAlign[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** With a database process (BENCH_DB=pg) its CPU per request is a column of its own. */
const hasDbCpu = (results: ScenarioResult[]) => results.some((r) => r.dbCpuUsPerReq !== undefined);

function scenarioRow(r: ScenarioResult, db: boolean): string[] {
  return [
    r.label,
    r.requestsPerSec.toFixed(0),
    pct(r.vsEmpty),
    r.cpuUsPerReq.toFixed(0),
    ...(db ? [Number.isFinite(r.dbCpuUsPerReq) ? (r.dbCpuUsPerReq as number).toFixed(0) : 'n/a'] : []),
    pct(r.cpuVsEmpty),
    ms(r.p50Ms),
    ms(r.p99Ms),
    String(r.non2xx + r.socketErrors),
  ];
}

function scenarioHeader(db: boolean): string[] {
  return ['scenario', 'req/s', 'vs empty', 'CPU µs/req', ...(db ? ['DB CPU µs/req'] : []), 'CPU vs empty', 'p50', 'p99', 'errors'];
}

export function formatScenarios(results: ScenarioResult[]): string {
  const db = hasDbCpu(results);
  return table(
    scenarioHeader(db),
    results.map((r) => scenarioRow(r, db)),
    scenarioHeader(db).map((_, i) => i > 0),
  );
}

/** The same table as markdown rows, to paste into the README. */
export function markdownScenarios(results: ScenarioResult[]): string {
  const db = hasDbCpu(results);
  const header = scenarioHeader(db);
  return [
    `| ${header.join(' | ')} |`,
    `| --- | ${header
      .slice(1)
      .map(() => '---:')
      .join(' | ')} |`,
    ...results.map((r) => `| ${scenarioRow(r, db).join(' | ')} |`),
  ].join('\n');
}

function formatValue(t: TargetResult): string {
  const v = t.value;
  if (v === null || !Number.isFinite(v)) return 'n/a';
  switch (t.unit ?? (t.scenario === BULK ? 'rows/s' : 'ratio')) {
    case 'ratio':
      return pct(v);
    case 'times':
      return `${v.toFixed(2)}×`;
    case 'rows/s':
      return `${v.toFixed(0)} rows/s`;
    case 'req/s':
      return `${v.toFixed(1)}/s`;
    case 'ms':
      return `${v.toFixed(2)} ms`;
    case 'KB':
      return `${v.toFixed(1)} KB`;
    case 'MB':
      return `${v.toFixed(2)} MB`;
    case 'clients':
      return v.toFixed(0);
    case 'count':
      return v.toFixed(0);
  }
}

export function formatTargets(targets: TargetResult[]): string {
  return table(
    ['target', 'measured', 'met'],
    targets.map((t) => {
      const value = formatValue(t);
      const met = t.met ? (t.stretch !== undefined ? (t.stretchMet ? 'yes (stretch too)' : 'yes (not stretch)') : 'yes') : 'NO';
      return [t.label, value, met];
    }),
    [false, true, false],
  );
}

export function formatSeed(seed: SeedStats): string {
  return (
    `bulk insert: ${seed.rows} items in ${(seed.totalMs / 1000).toFixed(2)}s = ${seed.rowsPerSec.toFixed(0)} rows/s ` +
    `(prepareCreate ${(seed.prepareMs / 1000).toFixed(2)}s, execute ${(seed.executeMs / 1000).toFixed(2)}s, ${seed.chunkSize} rows per transaction)`
  );
}

// --- login, realtime fan-out and soak -------------------------------------------------------

export interface LoginResult extends Omit<WrkResult, 'raw'> {
  connections: number;
  /** Server CPU (user + system) per login, ms: mostly argon2id. */
  cpuMsPerLogin: number;
  /** Sequential logins on an otherwise idle server. */
  sequential: { count: number; p50Ms: number; p90Ms: number; maxMs: number };
}

export function percentile(xs: number[], p: number): number {
  const sorted = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;
}

export function loginTargets(r: LoginResult): TargetResult[] {
  return [
    checkTarget({ label: 'login ≥ 70/s', scenario: 'login', min: 70, unit: 'req/s' }, r.requestsPerSec),
    checkTarget({ label: 'login p50 unloaded ≤ 30 ms', scenario: 'loginUnloaded', max: 30, unit: 'ms' }, r.sequential.p50Ms),
  ];
}

export function formatLogin(r: LoginResult): string {
  return table(
    ['login (POST auth-with-password)', 'logins/s', 'p50', 'p90', 'p99', 'CPU ms/login', 'errors'],
    [
      [
        `wrk -c${r.connections} (loaded)`,
        r.requestsPerSec.toFixed(1),
        ms(r.p50Ms),
        '',
        ms(r.p99Ms),
        r.cpuMsPerLogin.toFixed(1),
        String(r.non2xx + r.socketErrors),
      ],
      [
        `${r.sequential.count} sequential (unloaded)`,
        '',
        ms(r.sequential.p50Ms),
        ms(r.sequential.p90Ms),
        `max ${ms(r.sequential.maxMs)}`,
        '',
        '',
      ],
    ],
    [false, true, true, true, true, true, true],
  );
}

/** Server memory of a snapshot that counts per connection: JS heap plus buffers outside it. */
const heapOf = (s: HubSnapshot) => s.memory.heapUsed + s.memory.external;

export interface FanoutSummary {
  variant: FanoutResult['variant'];
  clients: number;
  connectSec: number;
  subscribeSec: number;
  /** Medians (and maxima) over the measured rounds, ms. */
  sendLoopMs: number;
  sendLoopMaxMs: number;
  firstDeliveryMs: number;
  lastDeliveryMs: number;
  lastDeliveryMaxMs: number;
  /** Clients the hub wrote each event to (minimum over the rounds). */
  sent: number;
  /** Server memory per idle subscribed connection (after gc), KB: RSS, and heap + external. */
  rssPerClientKB: number;
  heapPerClientKB: number;
  clientRssMB: number;
  /** Hub clients before connecting and after closing everything. */
  hubBefore: number;
  hubAfterClose: number;
  errors: number;
}

export function summariseFanout(r: FanoutResult): FanoutSummary {
  const n = r.clients;
  return {
    variant: r.variant,
    clients: n,
    connectSec: r.connectMs / 1000,
    subscribeSec: r.subscribeMs / 1000,
    sendLoopMs: percentile(
      r.rounds.map((x) => x.sendLoopMs),
      50,
    ),
    sendLoopMaxMs: percentile(
      r.rounds.map((x) => x.sendLoopMs),
      100,
    ),
    firstDeliveryMs: percentile(
      r.rounds.map((x) => x.firstDeliveryMs),
      50,
    ),
    lastDeliveryMs: percentile(
      r.rounds.map((x) => x.lastDeliveryMs),
      50,
    ),
    lastDeliveryMaxMs: percentile(
      r.rounds.map((x) => x.lastDeliveryMs),
      100,
    ),
    sent: Math.min(...r.rounds.map((x) => x.sent)),
    rssPerClientKB: (r.connected.memory.rss - r.before.memory.rss) / n / 1024,
    heapPerClientKB: (heapOf(r.connected) - heapOf(r.before)) / n / 1024,
    clientRssMB: r.clientRss / 1024 / 1024,
    hubBefore: r.before.size,
    hubAfterClose: r.closed.size,
    errors: r.errors + (r.rounds.some((x) => !Number.isFinite(x.lastDeliveryMs)) ? 1 : 0),
  };
}

const VARIANT_LABEL = { shared: 'guests, public rule (shared payload)', rules: 'distinct users, @request.auth rule' } as const;

export function fanoutTargets(summaries: FanoutSummary[]): TargetResult[] {
  const find = (clients: number, variant: FanoutSummary['variant']) =>
    summaries.find((s) => s.clients === clients && s.variant === variant);
  const out: TargetResult[] = [];
  const add = (t: Target, s: FanoutSummary | undefined, pick: (s: FanoutSummary) => number) => {
    if (s) out.push(checkTarget(t, s.errors ? null : pick(s)));
  };
  add(
    { label: '1k clients: send loop ≤ 5 ms (shared)', scenario: 'fanout1kShared', max: 5, unit: 'ms' },
    find(1000, 'shared'),
    (s) => s.sendLoopMs,
  );
  add(
    { label: '1k clients: send loop ≤ 20 ms (rule checks)', scenario: 'fanout1kRules', max: 20, unit: 'ms' },
    find(1000, 'rules'),
    (s) => s.sendLoopMs,
  );
  add(
    { label: '1k clients: last delivery ≤ 50 ms (shared)', scenario: 'fanout1kShared', max: 50, unit: 'ms' },
    find(1000, 'shared'),
    (s) => s.lastDeliveryMs,
  );
  add(
    { label: '1k clients: last delivery ≤ 50 ms (rule checks)', scenario: 'fanout1kRules', max: 50, unit: 'ms' },
    find(1000, 'rules'),
    (s) => s.lastDeliveryMs,
  );
  add(
    { label: '10k clients: ≤ 16 KB per idle connection (shared)', scenario: 'fanout10kShared', max: 16, unit: 'KB' },
    find(10000, 'shared'),
    (s) => Math.max(s.heapPerClientKB, s.rssPerClientKB),
  );
  add(
    { label: '10k clients: ≤ 16 KB per idle connection (rule checks)', scenario: 'fanout10kRules', max: 16, unit: 'KB' },
    find(10000, 'rules'),
    (s) => Math.max(s.heapPerClientKB, s.rssPerClientKB),
  );
  add(
    { label: '10k clients: send loop ≤ 50 ms (rule checks)', scenario: 'fanout10kRules', max: 50, unit: 'ms' },
    find(10000, 'rules'),
    (s) => s.sendLoopMs,
  );
  return out;
}

export function formatFanout(summaries: FanoutSummary[], rounds: number): string {
  const kb = (x: number) => `${x.toFixed(1)} KB`;
  return (
    table(
      [
        'realtime fan-out',
        'clients',
        'connect',
        'subscribe',
        'send loop',
        'max',
        'first recv',
        'last recv',
        'max',
        'sent',
        'RSS/conn',
        'heap/conn',
        'loadgen RSS',
        'hub after',
        'errors',
      ],
      summaries.map((s) => [
        VARIANT_LABEL[s.variant],
        String(s.clients),
        `${s.connectSec.toFixed(2)}s`,
        `${s.subscribeSec.toFixed(2)}s`,
        ms(s.sendLoopMs),
        ms(s.sendLoopMaxMs),
        ms(s.firstDeliveryMs),
        ms(s.lastDeliveryMs),
        ms(s.lastDeliveryMaxMs),
        String(s.sent),
        kb(s.rssPerClientKB),
        kb(s.heapPerClientKB),
        `${s.clientRssMB.toFixed(0)} MB`,
        `${s.hubAfterClose}`,
        String(s.errors),
      ]),
      [false, true, true, true, true, true, true, true, true, true, true, true, true, true, true],
    ) +
    `\n(median and max over ${rounds} update rounds after one warm-up; "recv": from the trigger request's start until the first/last client` +
    ' parsed the event; per connection: server memory after gc, connected + subscribed minus before, divided by clients; "heap" = heapUsed + external;' +
    ' RSS is noisy: a fresh server gives back start-up memory at unpredictable times, so the target uses the larger of the two)'
  );
}

const mb = (bytes: number) => bytes / 1024 / 1024;

export function soakTargets(r: SoakResult): TargetResult[] {
  return [
    checkTarget({ label: 'soak: hub back to 0 clients', scenario: 'soak', max: 0, unit: 'clients' }, r.after.size),
    checkTarget(
      { label: 'soak: heap growth ≤ 4 MB (after vs before, gc)', scenario: 'soak', max: 4, unit: 'MB' },
      mb(heapOf(r.after) - heapOf(r.before)),
    ),
  ];
}

export function formatSoak(r: SoakResult): string {
  const row = (label: string, s: HubSnapshot) => [
    label,
    String(s.size),
    `${mb(s.memory.rss).toFixed(1)} MB`,
    `${mb(s.memory.heapUsed).toFixed(1)} MB`,
    `${mb(s.memory.external).toFixed(1)} MB`,
  ];
  const growth = heapOf(r.after) - heapOf(r.before);
  return (
    table(
      [`soak (${r.clients} clients, ${r.seconds}s)`, 'hub clients', 'server RSS', 'heap used', 'external'],
      [row('before (after warm-up, gc)', r.before), row('end of the loop (gc)', r.end), row('5 s after all left (gc)', r.after)],
      [false, true, true, true, true],
    ) +
    `\n${r.cycles} connect/disconnect cycles (${(r.cycles / r.seconds).toFixed(0)}/s), ${r.subscribes} subscribes, ${r.updates} updates,` +
    ` ${r.eventsReceived} events received, ${r.errors} errors; heap + external growth ${mb(growth).toFixed(2)} MB` +
    ` (${r.cycles ? (growth / r.cycles).toFixed(1) : 'n/a'} bytes per cycle), RSS growth ${mb(r.after.memory.rss - r.before.memory.rss).toFixed(1)} MB`
  );
}

// --- under load (mixed API calls + SSE) ----------------------------------------------------

/** All failures of the mixed load: API calls, streams (opens, subscribes, drops) and missed own events. */
export function mixedErrors(r: MixedResult): number {
  return MIXED_OPS.reduce((a, op) => a + r.ops[op].errors, 0) + r.streams.errors + r.streams.missedEvents;
}

/** The heap growth the load may leave behind: 10% of the post-warm-up heap, at least 5 MB. */
export const mixedHeapAllowanceMB = (r: MixedResult) => Math.max(5, 0.1 * mb(heapOf(r.before)));

export function mixedTargets(r: MixedResult): TargetResult[] {
  const allowed = mixedHeapAllowanceMB(r);
  return [
    checkTarget(
      { label: `load: 0 errors (${r.clients} clients, calls + streams)`, scenario: 'load', max: 0, unit: 'count' },
      mixedErrors(r),
    ),
    checkTarget(
      {
        label: `load: heap growth ≤ ${allowed.toFixed(1)} MB (+10% or +5 MB of post-warm-up, gc)`,
        scenario: 'load',
        max: allowed,
        unit: 'MB',
      },
      mb(heapOf(r.after) - heapOf(r.before)),
    ),
    checkTarget({ label: 'load: hub back to 0 clients', scenario: 'load', max: 0, unit: 'clients' }, r.after.size),
  ];
}

const OP_LABEL: Record<MixedOp, string> = {
  list: 'list 30, filter+sort, skipTotal',
  view: 'view by id',
  viewAuth: 'view by id (auth rule + token)',
  create: 'create (POST JSON)',
  update: 'update (PATCH JSON)',
  delete: 'delete (own record)',
};

export function formatMixed(r: MixedResult): string {
  const total = MIXED_OPS.reduce((a, op) => a + r.ops[op].count, 0);
  const ops = table(
    [`under load (${r.clients} clients, ${r.seconds}s)`, 'calls', 'calls/s', 'errors', 'p50', 'p95', 'p99', 'max'],
    [
      ...MIXED_OPS.map((op) => {
        const o = r.ops[op];
        return [
          OP_LABEL[op],
          String(o.count),
          (o.count / r.seconds).toFixed(1),
          String(o.errors),
          ms(o.p50Ms),
          ms(o.p95Ms),
          ms(o.p99Ms),
          ms(o.maxMs),
        ];
      }),
      [
        'all calls',
        String(total),
        (total / r.seconds).toFixed(1),
        String(MIXED_OPS.reduce((a, op) => a + r.ops[op].errors, 0)),
        '',
        '',
        '',
        '',
      ],
    ],
    [false, true, true, true, true, true, true, true],
  );
  const row = (label: string, s: HubSnapshot) => [
    label,
    String(s.size),
    `${mb(s.memory.rss).toFixed(1)} MB`,
    `${mb(s.memory.heapUsed).toFixed(1)} MB`,
    `${mb(s.memory.external).toFixed(1)} MB`,
  ];
  const memory = table(
    ['server memory (gc)', 'hub clients', 'RSS', 'heap used', 'external'],
    [
      row(`after the ${r.warmupSeconds}s warm-up, clients gone`, r.before),
      row('half-way, under load', r.middle),
      row('end of the load, clients connected', r.end),
      row('5 s after all clients left', r.after),
    ],
    [false, true, true, true, true],
  );
  const s = r.streams;
  const growth = heapOf(r.after) - heapOf(r.before);
  const lines = [
    `SSE: ${s.opened} streams opened (${s.reconnects} planned reconnects), ${s.eventsReceived} events received (${(s.eventsReceived / r.seconds).toFixed(0)}/s), ${s.errors} stream errors;` +
      ` own creates seen on the creator's stream: ${s.ownCreates - s.missedEvents}/${s.ownCreates}, p50 ${ms(s.deliveryP50Ms)}, p95 ${ms(s.deliveryP95Ms)}, p99 ${ms(s.deliveryP99Ms)} from the request's start`,
    `heap + external growth ${mb(growth).toFixed(2)} MB (allowed ${mixedHeapAllowanceMB(r).toFixed(1)} MB), RSS growth ${mb(r.after.memory.rss - r.before.memory.rss).toFixed(1)} MB;` +
      ` load generator RSS ${mb(r.clientRss).toFixed(0)} MB; mean think time ${r.thinkMs} ms per client;` +
      ` CPU during the load: server ${(r.serverCpu * 100).toFixed(0)}%, load generator ${(r.clientCpu * 100).toFixed(0)}% (100% = one core)`,
    ...(r.errorSamples.length ? ['first errors:', ...r.errorSamples.map((e) => `  ${e}`)] : []),
  ];
  return `${ops}\n${memory}\n${lines.join('\n')}`;
}
