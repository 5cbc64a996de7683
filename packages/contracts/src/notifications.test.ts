import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, notificationText } from './notifications';

const text = (
  type_code: (typeof NOTIFICATION_TYPES)[number],
  model1_id: number | null = null,
  model2_id: number | null = null,
) => notificationText({ type_code, model1_id, model2_id });

describe('notificationText', () => {
  it('shows the spec’s texts for its codes', () => {
    expect(text('aitrain.train.complete', 12)).toBe('Training #12 is completed');
    expect(text('aiinfer.done', 3, 7)).toBe('Inference 3:7 done');
    expect(text('aiinfer.done')).toBe('Inference done');
    expect(text('review.add.comment')).toBe('You were mentioned in a comment');
  });

  it('has a text for every code', () => {
    for (const code of NOTIFICATION_TYPES) expect(text(code, 1, 2)).not.toBe('');
  });
});
