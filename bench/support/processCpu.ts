// CPU time of processes and of the machine, read from /proc (Linux), so a bench can say
// which process was busy while it ran: a Node process's main thread saturates at one core.

import fs from 'node:fs';
import os from 'node:os';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux builds we run on). */
const TICKS = 100;

/** utime + stime of a process and its threads, in seconds; 0 when it has exited. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Resident memory of a process, in MB (VmRSS). */
export function processRssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The pids of every process whose command name is `name` (e.g. 'postgres', 'nginx'). */
export function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch { /* exited meanwhile */ }
  }
  return pids;
}

/** Busy and total CPU seconds of the whole machine, all cores (from /proc/stat). */
function machineSeconds(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = values[3]! + (values[4] ?? 0);
  const total = values.reduce((sum, v) => sum + v, 0);
  return { busy: (total - idle) / TICKS, total: total / TICKS };
}

export type CpuGroup = { name: string; pids: () => number[] };
export type CpuReading = { name: string; percent: number };

/**
 * Starts counting: `stop()` gives each group's CPU over the interval as a percentage of one
 * core (200% = both cores of this machine), and the machine's busy share of all its cores.
 */
export function measureCpu(groups: CpuGroup[]): { stop(): { groups: CpuReading[]; machinePercent: number; cores: number } } {
  const started = Date.now();
  const machineBefore = machineSeconds();
  const before = groups.map((g) => new Map(g.pids().map((pid) => [pid, processCpuSeconds(pid)])));
  return {
    stop() {
      const seconds = (Date.now() - started) / 1000;
      const machineAfter = machineSeconds();
      const readings = groups.map((g, i) => {
        let used = 0;
        for (const pid of g.pids()) used += processCpuSeconds(pid) - (before[i]!.get(pid) ?? 0);
        return { name: g.name, percent: Math.round((used / seconds) * 100) };
      });
      const total = machineAfter.total - machineBefore.total;
      return {
        groups: readings,
        machinePercent: total > 0 ? Math.round(((machineAfter.busy - machineBefore.busy) / total) * 100) : 0,
        cores: os.cpus().length,
      };
    },
  };
}

/**
 * What held the run back, in words: the machine's cores when nearly all were busy, or a
 * single process whose main thread took nearly a whole core; else nothing on CPU.
 */
export function saturatedResource(reading: { groups: CpuReading[]; machinePercent: number; cores: number }, singleThreaded: Set<string>): string {
  const busiest = [...reading.groups].sort((a, b) => b.percent - a.percent);
  const top = busiest.slice(0, 3).map((g) => `${g.name} ${g.percent}%`).join(', ');
  const oneCore = busiest.find((g) => singleThreaded.has(g.name) && g.percent >= 90);
  if (reading.machinePercent >= 90) return `the machine's ${reading.cores} cores (${reading.machinePercent}% busy; ${top})`;
  if (oneCore) return `${oneCore.name}'s main thread (${oneCore.percent}% of a core)`;
  return `no CPU (${reading.machinePercent}% busy; ${top}): waits`;
}
