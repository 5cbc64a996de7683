/**
 * Peak resident memory and CPU of a process and its descendants (Linux /proc), sampled every 50 ms: a
 * converting server or runner with the native dcm2niix it spawns counts as one.
 */
import { readFileSync } from 'node:fs';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { promisify } from 'node:util';

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

export function treeRss(pid) {
  return rssBytes(pid) + children(pid).reduce((sum, child) => sum + treeRss(child), 0);
}

/** Starts sampling `pid`; `stop()` returns the peak in bytes, `reset()` starts a new peak. */
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

/** CPU time (user and system, in clock ticks) of a process and its descendants. */
function treeTicks(pid) {
  let own = 0;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    own = Number(fields[11]) + Number(fields[12]);
  } catch {
    own = 0;
  }
  return own + children(pid).reduce((sum, child) => sum + treeTicks(child), 0);
}

/**
 * Waits until `pid` and its descendants have used under a tenth of a core for a second: what a phase
 * left running (a job finishing after its client heard the end) must not weigh on the next one.
 */
export async function waitUntilQuiet(pid, timeoutMs = 120_000) {
  const sleep = promisify(setTimeout);
  const end = Date.now() + timeoutMs;
  let before = treeTicks(pid);
  while (Date.now() < end) {
    await sleep(1000);
    const now = treeTicks(pid);
    // Clock ticks are hundredths of a second on Linux: 10 in a second is a tenth of a core.
    if (now - before < 10) return;
    before = now;
  }
  throw new Error(`process ${pid} still busy after ${timeoutMs} ms`);
}

export const mib = (bytes) => `${Math.round(bytes / 2 ** 20)} MiB`;
