/**
 * A Vitest reporter that records each test file's time (its environment, harness, setup files, import and
 * every test and hook, as Vitest measures them) with its project and end, and writes them as JSON to the
 * file VOXA_TIMING_FILE names. `scripts/test.mjs` prints from it where the run's time went.
 */
import { writeFileSync } from 'node:fs';

export default class TimingReporter {
  /** @type {{ project: string, file: string, ms: number, start: number, end: number }[]} */
  files = [];

  onTestModuleEnd(testModule) {
    const d = testModule.diagnostic();
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    const end = Date.now();
    this.files.push({
      project: testModule.project.name,
      file: testModule.moduleId,
      ms,
      start: end - ms,
      end,
    });
  }

  onTestRunEnd() {
    const target = process.env.VOXA_TIMING_FILE;
    if (target) writeFileSync(target, JSON.stringify(this.files));
  }
}
