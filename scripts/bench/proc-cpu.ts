/**
 * CPU time of processes the bench does not drive through `/__bench/cpu`: the PostgreSQL cluster of
 * `BENCH_DB=pg` (its postmaster and every backend) and wrk (bash's `times` after it exits). Linux
 * only (/proc); elsewhere the PostgreSQL figure is null.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticks: number | null = null;
/** Clock ticks per second of /proc/<pid>/stat's times (getconf CLK_TCK, 100 on Linux). */
function clockTicks(): number {
  if (ticks === null) {
    try {
      ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticks = 100;
    }
  }
  return ticks;
}

interface Stat {
  pid: number;
  ppid: number;
  /** utime, stime, cutime, cstime in ticks. */
  times: [number, number, number, number];
}

function readStat(pid: number): Stat | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command (field 2) may hold spaces and parentheses: fields after it follow the last ')'.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state): ppid is field 4, utime…cstime fields 14–17.
  const n = (field: number) => Number(rest[field - 3]);
  return { pid, ppid: n(4), times: [n(14), n(15), n(16), n(17)] };
}

/** The postmaster of the cluster listening on `port` (its command line has `-p <port>`), or null. */
export function postmasterPid(port: number): number | null {
  if (!fs.existsSync('/proc')) return null;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd: string[];
    try {
      cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (!cmd[0]?.endsWith('/postgres')) continue;
    // pg_ctl passes the options as one string ("-p 5432 -k …") or as separate arguments.
    const args = cmd.join(' ');
    if (new RegExp(`(^|\\s)-p\\s+${port}(\\s|$)`).test(args)) return Number(entry);
  }
  return null;
}

/**
 * CPU (user + system) of a postmaster and its backends so far, µs: the postmaster's own time, the
 * time of its children it has reaped (backends of closed connections), and its live children's.
 */
export function clusterCpuUs(postmaster: number): number | null {
  const main = readStat(postmaster);
  if (!main) return null;
  let sum = main.times.reduce((a, b) => a + b, 0);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = readStat(Number(entry));
    if (s?.ppid === postmaster) sum += s.times[0] + s.times[1];
  }
  return (sum / clockTicks()) * 1e6;
}

/** A reader of one cluster's CPU, µs, by the port in its URL (null when it cannot be found). */
export function clusterCpuReader(url: string): (() => number) | null {
  const pid = postmasterPid(Number(new URL(url).port));
  if (pid === null) return null;
  return () => clusterCpuUs(pid) ?? Number.NaN;
}
