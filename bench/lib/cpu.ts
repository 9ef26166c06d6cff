import fs from 'node:fs';

/** CPU seconds (user + system) a process has used, from /proc. */
export function cpuSecondsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat; the split drops the first two.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds (user + system) this process has used since `since` (process.cpuUsage). */
export function ownCpuSecondsSince(since: NodeJS.CpuUsage): number {
  const spent = process.cpuUsage(since);
  return (spent.user + spent.system) / 1e6;
}
