import type { SeedStats } from './protocol.ts';
import type { WrkResult } from './wrk.ts';

export interface MeasuredScenario extends Omit<WrkResult, 'raw'> {
  key: string;
  label: string;
  /** Server process CPU (user + system) per request, µs. */
  cpuUsPerReq: number;
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

/** A target of the performance issue: a ratio between two scenarios, or bulk insert rows/s. */
export interface Target {
  label: string;
  scenario: string;
  /** Compared against this scenario's req/s; absent for absolute targets (bulk insert). */
  relativeTo?: string;
  min: number;
  stretch?: number;
}

export interface TargetResult extends Target {
  value: number | null;
  met: boolean;
  stretchMet?: boolean;
}

export const BULK = 'bulk';

export const TARGETS: Target[] = [
  { label: 'view ≥ 40% of empty', scenario: 'view', relativeTo: 'empty', min: 0.4 },
  { label: '30-row list ≥ 12% of empty (stretch 15%)', scenario: 'list', relativeTo: 'empty', min: 0.12, stretch: 0.15 },
  { label: 'totals ≥ 85% of skipTotal list', scenario: 'listTotals', relativeTo: 'list', min: 0.85 },
  { label: 'one expand ≥ 75% of skipTotal list', scenario: 'listExpand', relativeTo: 'list', min: 0.75 },
  { label: 'create ≥ 15% of empty', scenario: 'create', relativeTo: 'empty', min: 0.15 },
  { label: 'bulk insert ≥ 25,000 rows/s', scenario: BULK, min: 25_000 },
];

export function evaluateTargets(results: ScenarioResult[], seed: SeedStats): TargetResult[] {
  const rps = new Map(results.map((r) => [r.key, r.requestsPerSec]));
  const base = results.filter((r) => BASELINE_KEYS.includes(r.key));
  if (base.length) rps.set('empty', mean(base.map((r) => r.requestsPerSec)));
  return TARGETS.map((t) => {
    let value: number | null;
    if (t.scenario === BULK) value = seed.rowsPerSec;
    else {
      const a = rps.get(t.scenario);
      const b = t.relativeTo ? rps.get(t.relativeTo) : undefined;
      value = a !== undefined && b ? a / b : null;
    }
    const met = value !== null && value >= t.min;
    return { ...t, value, met, ...(t.stretch !== undefined ? { stretchMet: value !== null && value >= t.stretch } : {}) };
  });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const ms = (x: number) => (x < 1 ? `${(x * 1000).toFixed(0)}µs` : `${x.toFixed(2)}ms`);

function table(header: string[], rows: string[][], rightAlign: boolean[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (rightAlign[i] ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatScenarios(results: ScenarioResult[]): string {
  return table(
    ['scenario', 'req/s', 'vs empty', 'CPU µs/req', 'CPU vs empty', 'p50', 'p99', 'errors'],
    results.map((r) => [
      r.label,
      r.requestsPerSec.toFixed(0),
      pct(r.vsEmpty),
      r.cpuUsPerReq.toFixed(0),
      pct(r.cpuVsEmpty),
      ms(r.p50Ms),
      ms(r.p99Ms),
      String(r.non2xx + r.socketErrors),
    ]),
    [false, true, true, true, true, true, true, true],
  );
}

export function formatTargets(targets: TargetResult[]): string {
  return table(
    ['target', 'measured', 'met'],
    targets.map((t) => {
      const value = t.value === null ? 'n/a' : t.scenario === BULK ? `${t.value.toFixed(0)} rows/s` : pct(t.value);
      const met = t.met ? (t.stretch !== undefined ? (t.stretchMet ? 'yes (stretch too)' : 'yes (not stretch)') : 'yes') : 'NO';
      return [t.label, value, met];
    }),
    [false, true, false],
  );
}

export function formatSeed(seed: SeedStats): string {
  return `bulk insert: ${seed.rows} items in ${(seed.totalMs / 1000).toFixed(2)}s = ${seed.rowsPerSec.toFixed(0)} rows/s `
    + `(prepareCreate ${(seed.prepareMs / 1000).toFixed(2)}s, execute ${(seed.executeMs / 1000).toFixed(2)}s, ${seed.chunkSize} rows per transaction)`;
}
