/**
 * CPU time (user + system, every thread) used by each part of a chat bench run, read from Linux's
 * /proc: the bench's own process (its clients, and the server when it runs in-process), the
 * spawned server processes, and the machine's PostgreSQL and Redis processes. What an answer
 * costs the machine, part by part, and so how many answers a second its cores can give at best.
 */
import { readdirSync, readFileSync } from 'node:fs';

// USER_HZ: the unit of /proc's times, 100 on every Linux build this runs on.
const TICKS_PER_SECOND = 100;

export type CpuTimes = Record<string, number>;

/** Seconds of CPU used so far by each part. */
export function cpuTimes(serverPids: number[]): CpuTimes {
  const usage = process.cpuUsage();
  const times: CpuTimes = { bench: (usage.user + usage.system) / 1e6 };
  if (serverPids.length) times.servers = serverPids.reduce((sum, pid) => sum + processSeconds(pid), 0);
  for (const [part, command] of [
    ['PostgreSQL', 'postgres'],
    ['Redis', 'redis-server'],
  ] as const) {
    const pids = pidsOf(command);
    if (pids.length) times[part] = pids.reduce((sum, pid) => sum + processSeconds(pid), 0);
  }
  return times;
}

/** Milliseconds of CPU per answer of each part between two readings. */
export function perAnswer(before: CpuTimes, after: CpuTimes, answers: number): string {
  return Object.keys(after)
    .map((part) => `${part} ${(((after[part]! - (before[part] ?? 0)) * 1000) / answers).toFixed(1)} ms`)
    .join(', ');
}

const processSeconds = (pid: number) => statSeconds(`/proc/${pid}/stat`);

function statSeconds(file: string): number {
  try {
    // The command may hold spaces and parentheses: the fields are counted after its last ')'.
    const stat = readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the command.
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0; // gone meanwhile
  }
}

function pidsOf(command: string): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  return entries
    .filter((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        return readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command;
      } catch {
        return false;
      }
    })
    .map(Number);
}
