/**
 * A Vitest reporter that records each test file's wall time (from being queued, so its imports and hooks
 * count, to its end) with its project, and writes them as JSON to the file VOXA_TIMING_FILE names.
 * `scripts/test.mjs` prints from it where the run's time went.
 */
import { writeFileSync } from 'node:fs';

export default class TimingReporter {
  /** @type {Map<string, number>} */
  queuedAt = new Map();
  /** @type {{ project: string, file: string, ms: number, start: number, end: number }[]} */
  files = [];

  key(testModule) {
    return `${testModule.project.name}\0${testModule.moduleId}`;
  }

  onTestModuleQueued(testModule) {
    this.queuedAt.set(this.key(testModule), Date.now());
  }

  onTestModuleEnd(testModule) {
    const end = Date.now();
    const start = this.queuedAt.get(this.key(testModule)) ?? end;
    this.files.push({
      project: testModule.project.name,
      file: testModule.moduleId,
      ms: end - start,
      start,
      end,
    });
  }

  onTestRunEnd() {
    const target = process.env.VOXA_TIMING_FILE;
    if (target) writeFileSync(target, JSON.stringify(this.files));
  }
}
