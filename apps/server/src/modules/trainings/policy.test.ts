import { TRAINING_SEGMENT_COUNT, TRAINING_SEGMENT_UNMATCHED } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import {
  bestValDice,
  checkpointSpecProblem,
  derivedModelCode,
  derivedModelName,
  hasLearned,
  isBetterCheckpoint,
  nextTrainingState,
  STOPPABLE_STATES,
  trainingMismatch,
  trainingProgress,
  trainingState,
  withEpoch,
  type TrainingEvent,
} from './policy';

const model = [
  { title: 'Liver', value: 1 },
  { title: 'Spleen', value: 2 },
];

describe('the training segmentation rule (teams-and-account.md 5)', () => {
  it('is valid with the same count and every segment matching by title and value, in any order', () => {
    expect(trainingMismatch([model[1]!, model[0]!], model)).toBeNull();
    expect(trainingMismatch([{ title: ' Liver ', value: 1 }, model[1]!], model)).toBeNull();
  });

  it('is invalid with another count', () => {
    expect(trainingMismatch([model[0]!], model)).toBe(TRAINING_SEGMENT_COUNT(1, 2));
    expect(trainingMismatch([...model, { title: 'Kidney', value: 3 }], model)).toBe(
      TRAINING_SEGMENT_COUNT(3, 2),
    );
    expect(trainingMismatch([], model)).toBe(TRAINING_SEGMENT_COUNT(0, 2));
  });

  it('is invalid when a title or a value differs', () => {
    expect(trainingMismatch([model[0]!, { title: 'Spleen', value: 3 }], model)).toBe(
      TRAINING_SEGMENT_UNMATCHED('Spleen', 3),
    );
    expect(trainingMismatch([model[0]!, { title: 'spleen', value: 2 }], model)).toBe(
      TRAINING_SEGMENT_UNMATCHED('spleen', 2),
    );
    expect(
      trainingMismatch(
        [
          { title: 'Spleen', value: 1 },
          { title: 'Liver', value: 2 },
        ],
        model,
      ),
    ).toBe(TRAINING_SEGMENT_UNMATCHED('Spleen', 1));
  });
});

describe('the training state machine', () => {
  it('shows a cancelled job as stopped and the other states as they are', () => {
    expect(trainingState('cancelled')).toBe('stopped');
    for (const s of ['created', 'queued', 'running', 'done', 'failed'] as const)
      expect(trainingState(s)).toBe(s);
  });
});

describe('metrics', () => {
  const at = '2026-01-01T00:00:00.000Z';
  it('keeps epochs in order, a repeated one replacing the earlier', () => {
    let m = withEpoch([], { epoch: 2, loss: 0.5, val_dice: 0.6, at });
    m = withEpoch(m, { epoch: 1, loss: 0.9, val_dice: 0.3, at });
    m = withEpoch(m, { epoch: 2, loss: 0.4, val_dice: 0.7, at });
    expect(m.map((e) => [e.epoch, e.val_dice])).toEqual([
      [1, 0.3],
      [2, 0.7],
    ]);
    expect(bestValDice(m)).toBe(0.7);
    expect(bestValDice([])).toBeNull();
  });

  it('measures progress in epochs', () => {
    expect(trainingProgress(5, 10)).toBe(0.5);
    expect(trainingProgress(12, 10)).toBe(1);
    expect(trainingProgress(3, undefined)).toBe(0);
  });
});

describe('the training state machine', () => {
  const path = (events: TrainingEvent[]) =>
    events.reduce<ReturnType<typeof nextTrainingState>>(
      (state, event) => (state ? nextTrainingState(state, event) : null),
      'created',
    );

  it('goes created, queued, running, done through start, lease, epochs, checkpoints and finish', () => {
    expect(path(['start', 'lease', 'epoch', 'checkpoint', 'epoch', 'finish'])).toBe('done');
  });

  it('fails on the worker’s word or on the last attempt’s lapsed lease; an earlier lapse queues it again', () => {
    expect(path(['start', 'lease', 'fail'])).toBe('failed');
    expect(path(['start', 'lease', 'lapse', 'lease', 'lapse-last'])).toBe('failed');
    expect(path(['start', 'lease', 'lapse'])).toBe('queued');
  });

  it('stops from every open state, and never once ended', () => {
    expect(path(['stop'])).toBe('stopped');
    expect(path(['start', 'stop'])).toBe('stopped');
    expect(path(['start', 'lease', 'stop'])).toBe('stopped');
    for (const ended of ['done', 'failed', 'stopped'] as const)
      for (const event of [
        'start',
        'lease',
        'epoch',
        'checkpoint',
        'finish',
        'fail',
        'stop',
        'lapse',
      ] as const)
        expect(nextTrainingState(ended, event)).toBeNull();
  });

  it('ends did_not_learn when finished under the threshold; a promote keeps it so, nothing else moves it', () => {
    expect(path(['start', 'lease', 'epoch', 'checkpoint', 'finish-unlearned'])).toBe('did_not_learn');
    expect(path(['start', 'lease', 'finish-unlearned', 'promote'])).toBe('did_not_learn');
    for (const event of ['start', 'lease', 'epoch', 'checkpoint', 'finish', 'fail', 'stop', 'lapse'] as const)
      expect(nextTrainingState('did_not_learn', event)).toBeNull();
    for (const state of ['created', 'queued', 'running', 'done', 'failed', 'stopped'] as const)
      expect(nextTrainingState(state, 'promote')).toBeNull();
  });

  it('stops exactly the states the stop route ends', () => {
    const open = (
      ['created', 'queued', 'running', 'done', 'did_not_learn', 'failed', 'stopped'] as const
    ).filter((state) => nextTrainingState(state, 'stop') !== null);
    expect(open).toEqual([...STOPPABLE_STATES]);
  });

  it('refuses what a state does not allow: a second start, a finish or epoch before a lease', () => {
    expect(path(['start', 'start'])).toBeNull();
    expect(nextTrainingState('queued', 'finish')).toBeNull();
    expect(nextTrainingState('queued', 'epoch')).toBeNull();
    expect(nextTrainingState('created', 'lease')).toBeNull();
    expect(nextTrainingState('created', 'checkpoint')).toBeNull();
  });
});

describe('a training that did not learn (decision 0095)', () => {
  it('learned when its best validation Dice reaches the threshold, not below', () => {
    expect(hasLearned(0.0015, 0.5)).toBe(false);
    expect(hasLearned(0.4999, 0.5)).toBe(false);
    expect(hasLearned(0.5, 0.5)).toBe(true);
    expect(hasLearned(0, 0)).toBe(true);
  });

  it('shows a done job that did not learn as did_not_learn, and one judged before (null) as done', () => {
    expect(trainingState('done', false)).toBe('did_not_learn');
    expect(trainingState('done', true)).toBe('done');
    expect(trainingState('done', null)).toBe('done');
    expect(trainingState('cancelled', false)).toBe('stopped');
    expect(trainingState('running', null)).toBe('running');
  });
});

describe('checkpoints and the derived model', () => {
  it('keeps the first checkpoint, then only a higher validation Dice', () => {
    expect(isBetterCheckpoint(null, { epoch: 1, val_dice: 0 })).toBe(true);
    expect(isBetterCheckpoint({ epoch: 1, val_dice: 0.5 }, { epoch: 2, val_dice: 0.6 })).toBe(true);
    expect(isBetterCheckpoint({ epoch: 1, val_dice: 0.5 }, { epoch: 2, val_dice: 0.5 })).toBe(false);
    expect(isBetterCheckpoint({ epoch: 2, val_dice: 0.7 }, { epoch: 3, val_dice: 0.4 })).toBe(false);
  });

  it('needs the spec’s outputs to be the background and the model’s segments by ascending value', () => {
    expect(checkpointSpecProblem({ segmentValues: [0, 1, 2] }, model)).toBeNull();
    expect(checkpointSpecProblem({ segmentValues: [0, 2, 1] }, model)).toMatch(/\[0, 1, 2\]/);
    expect(checkpointSpecProblem({ segmentValues: [0, 1] }, model)).not.toBeNull();
  });

  it('names the derived model after its parent and training, within the registry’s limits', () => {
    expect(derivedModelCode('body', 12)).toBe('body-t12');
    expect(derivedModelCode('body', 12, 2)).toBe('body-t12-2');
    const long = derivedModelCode(`${'a'.repeat(60)}-bb`, 12345);
    expect(long).toHaveLength(64);
    expect(long.endsWith('-t12345')).toBe(true);
    expect(derivedModelCode(`${'a'.repeat(60)}-bbb`, 1)).toBe(`${'a'.repeat(60)}-t1`);
    expect(derivedModelName('Body', 12)).toBe('Body (training #12)');
    expect(derivedModelName('x'.repeat(128), 1)).toHaveLength(128);
  });
});
