import { TRAINING_SEGMENT_COUNT, TRAINING_SEGMENT_UNMATCHED } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { bestValDice, trainingMismatch, trainingProgress, trainingState, withEpoch } from './policy';

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
