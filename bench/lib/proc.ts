// CPU time and memory of a process group from /proc (Linux): every benchmark reports what the
// server and the load generator each used, so a saturated client is visible.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface ProcStat {
  pid: number;
  pgrp: number;
  cpuSeconds: number;
}

function stat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: split after its closing one.
    const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // Fields after the name: state(3) ppid(4) pgrp(5) ... utime(14) stime(15), 1-based overall.
    const pgrp = Number(rest[2]);
    const utime = Number(rest[11]);
    const stime = Number(rest[12]);
    return { pid, pgrp, cpuSeconds: (utime + stime) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/** The pids of a process group (a child started detached leads its own group). */
export function groupPids(pgid: number): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    if (stat(pid)?.pgrp === pgid) pids.push(pid);
  }
  return pids;
}

/** CPU seconds (user + system) used so far by the processes of a group. */
export function groupCpuSeconds(pgid: number): number {
  return groupPids(pgid).reduce((sum, pid) => sum + (stat(pid)?.cpuSeconds ?? 0), 0);
}

/** Resident memory of a group, MiB (the sum of each process's VmRSS). */
export function groupRssMiB(pgid: number): number {
  let kib = 0;
  for (const pid of groupPids(pgid)) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kib += Number(m?.[1] ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return Math.round(kib / 1024);
}

/** Measures the CPU of several process groups over a stretch of work, as % of one core. */
export async function withCpu<T>(
  groups: Record<string, number | undefined>,
  work: () => Promise<T>,
): Promise<{ value: T; cpu: Record<string, number>; seconds: number }> {
  const before = Object.fromEntries(
    Object.entries(groups).map(([k, pgid]) => [k, pgid ? groupCpuSeconds(pgid) : 0]),
  );
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await work();
  const seconds = (performance.now() - t0) / 1000;
  const self = process.cpuUsage(self0);
  const cpu: Record<string, number> = {};
  for (const [k, pgid] of Object.entries(groups)) {
    if (!pgid) continue;
    cpu[k] = Math.round(((groupCpuSeconds(pgid) - (before[k] ?? 0)) / seconds) * 100);
  }
  cpu.bench = Math.round(((self.user + self.system) / 1e6 / seconds) * 100);
  return { value, cpu, seconds };
}
