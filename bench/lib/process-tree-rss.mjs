/**
 * Peak resident memory of a process and its descendants (Linux /proc), sampled every 50 ms: a
 * converting server or runner with the native dcm2niix it spawns counts as one.
 */
import { readFileSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';

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

export const mib = (bytes) => `${Math.round(bytes / 2 ** 20)} MiB`;
