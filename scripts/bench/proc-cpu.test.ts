import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { clusterCpuUs } from './proc-cpu.ts';
import { parseTimes } from './wrk.ts';

/** A node program that burns `ms` of its own CPU time (not wall time: the machine may be loaded). */
const burn = (ms: number) =>
  `const s = process.cpuUsage(); while ((process.cpuUsage(s).user + process.cpuUsage(s).system) / 1000 < ${ms});`;

describe('bench CPU accounting', () => {
  it("reads a child's CPU from bash's `times`, as wrk.ts runs wrk", () => {
    const run = spawnSync('bash', ['-c', '"$0" -e "$1"; times >&2', process.execPath, burn(200)], { encoding: 'utf8' });
    const us = parseTimes(run.stderr);
    expect(us).toBeGreaterThanOrEqual(190_000);
    expect(us).toBeLessThan(5_000_000);
  });

  it("counts a process's own CPU and that of the children it has reaped (a postmaster's closed backends)", async () => {
    // The "postmaster": runs a child that burns 300 ms and exits (reaped by spawnSync), then idles.
    const program = `
      require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(burn(300))}]);
      process.send('ready');
      setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    try {
      await new Promise((resolve, reject) => {
        parent.once('message', resolve);
        parent.once('exit', (code) => reject(new Error(`exited ${code}`)));
      });
      const us = clusterCpuUs(parent.pid as number);
      expect(us).toBeGreaterThanOrEqual(290_000);
      expect(us).toBeLessThan(10_000_000);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
