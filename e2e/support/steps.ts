import { afterEach, beforeEach } from 'vitest';

/**
 * For a describe whose tests are steps of one story (each builds on the previous): once a step fails,
 * the later ones fail at once, naming the step that broke, instead of timing out one by one.
 */
export function stepsOfOneStory(): void {
  let broken: string | undefined;
  beforeEach(() => {
    if (broken) throw new Error(`not run: the earlier step "${broken}" failed`);
  });
  afterEach((ctx) => {
    if (!broken && ctx.task.result?.state === 'fail') broken = ctx.task.name;
  });
}
