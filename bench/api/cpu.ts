/**
 * Where the CPU went during a measurement (Linux /proc): PostgreSQL, PostgREST, the gateway (this process) and the load
 * generator, each counted over its processes, and whatever else the machine ran at the same time. On a shared machine
 * this says how much of a reading is the benchmark's own cost and how much is other work's.
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

export const CPU_GROUPS = ['PostgreSQL', 'PostgREST', 'gateway', 'load generator'] as const;
export type CpuGroup = (typeof CPU_GROUPS)[number];

export interface CpuSample {
  atMs: number;
  /** Ticks the whole machine spent busy (user, nice, system, irq, softirq), all CPUs together. */
  machineBusy: number;
  /** Ticks the hypervisor gave to other machines while this one wanted the CPU. */
  machineSteal: number;
  /** Ticks of the benchmark's own processes, including their children that have exited. */
  groups: Record<CpuGroup, number>;
}

/** CPU time over a span of samples, in ticks (sum them over several spans, then `cpuCores`). */
export interface CpuUsage {
  seconds: number;
  machineBusy: number;
  machineSteal: number;
  groups: Record<CpuGroup, number>;
}

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime */
  own: number;
  /** cutime + cstime: children that have exited and been waited for. */
  children: number;
}

function readProcStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      comm: text.slice(text.indexOf('(') + 1, close),
      own: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined; // exited meanwhile
  }
}

function groupOf(comm: string): CpuGroup {
  if (comm === 'postgres') return 'PostgreSQL';
  if (comm.startsWith('postgrest')) return 'PostgREST';
  if (comm === 'node' || comm.startsWith('autocannon')) return 'load generator';
  return 'gateway';
}

export function emptyCpuUsage(): CpuUsage {
  return {
    seconds: 0,
    machineBusy: 0,
    machineSteal: 0,
    groups: Object.fromEntries(CPU_GROUPS.map((g) => [g, 0])) as Record<CpuGroup, number>,
  };
}

/**
 * The machine's busy time and this process's tree: itself (the gateway), and every descendant by name — PostgreSQL's
 * processes (exited backends are in the postmaster's children's time), PostgREST, and load generators (node; once one
 * has exited, its time is in this process's children's time, which is why load generators are started and waited for
 * between two samples).
 */
export function sampleCpu(): CpuSample {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = line;
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== undefined);
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) {
    const siblings = children.get(stat.ppid);
    if (siblings) siblings.push(stat);
    else children.set(stat.ppid, [stat]);
  }
  const groups = emptyCpuUsage().groups;
  const self = stats.find((stat) => stat.pid === process.pid);
  if (self) {
    groups.gateway += self.own;
    groups['load generator'] += self.children;
  }
  const queue = [...(children.get(process.pid) ?? [])];
  for (let stat = queue.shift(); stat !== undefined; stat = queue.shift()) {
    groups[groupOf(stat.comm)] += stat.own + stat.children;
    queue.push(...(children.get(stat.pid) ?? []));
  }
  return { atMs: Date.now(), machineBusy: user + nice + system + irq + softirq, machineSteal: steal ?? 0, groups };
}

/** Adds the span from `before` to `after` to `into`. */
export function addCpuSpan(into: CpuUsage, before: CpuSample, after: CpuSample): void {
  into.seconds += (after.atMs - before.atMs) / 1000;
  into.machineBusy += after.machineBusy - before.machineBusy;
  into.machineSteal += after.machineSteal - before.machineSteal;
  for (const group of CPU_GROUPS) into.groups[group] += after.groups[group] - before.groups[group];
}

/** Cores kept busy on average: by each group, by the benchmark altogether, and by everything else on the machine. */
export function cpuCores(usage: CpuUsage): {
  groups: Record<CpuGroup, number>;
  ours: number;
  others: number;
  steal: number;
} {
  const cores = (ticks: number) => (usage.seconds > 0 ? ticks / TICKS_PER_SECOND / usage.seconds : 0);
  const groups = Object.fromEntries(CPU_GROUPS.map((g) => [g, cores(usage.groups[g])])) as Record<CpuGroup, number>;
  const ours = CPU_GROUPS.reduce((sum, g) => sum + groups[g], 0);
  return { groups, ours, others: Math.max(0, cores(usage.machineBusy) - ours), steal: cores(usage.machineSteal) };
}

/** CPU milliseconds per request of one group over a span with `requests` answers. */
export function cpuMsPerRequest(usage: CpuUsage, group: CpuGroup, requests: number): number {
  return requests > 0 ? (usage.groups[group] / TICKS_PER_SECOND / requests) * 1000 : Number.NaN;
}
