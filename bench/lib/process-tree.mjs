/**
 * Resident memory and CPU time of a process and its descendants (Linux /proc): a converting server or
 * runner with the native dcm2niix it spawns counts as one.
 */
import { readFileSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';
import { setTimeout as sleep } from 'node:timers/promises';

export function children(pid) {
  try {
    const tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return tasks.split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssBytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** `own(pid)` summed over the process and its descendants. */
const treeSum = (pid, own) => own(pid) + children(pid).reduce((sum, child) => sum + treeSum(child, own), 0);

export const treeRss = (pid) => treeSum(pid, rssBytes);

/** Starts sampling `pid` every 50 ms; `stop()` returns the peak in bytes, `reset()` starts a new peak. */
export function watchPeakRss(pid) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 50);
  return {
    reset: () => (peak = treeRss(pid)),
    peak: () => peak,
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/** CPU time (user and system, in clock ticks) of one process. */
function cpuTicks(pid) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * Waits until `pid` and its descendants have used under a tenth of a core for a second: what a phase
 * left running (a job finishing after its client heard the end) must not weigh on the next one.
 */
export async function waitUntilQuiet(pid, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  let before = treeSum(pid, cpuTicks);
  while (Date.now() < end) {
    await sleep(1000);
    const now = treeSum(pid, cpuTicks);
    // Clock ticks are hundredths of a second on Linux: 10 in a second is a tenth of a core.
    if (now - before < 10) return;
    before = now;
  }
  throw new Error(`process ${pid} still busy after ${timeoutMs} ms`);
}

export const mib = (bytes) => `${Math.round(bytes / 2 ** 20)} MiB`;
