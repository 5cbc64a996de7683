import { AI_MODEL_BUILT_IN, AI_MODEL_OTHER_TEAM } from '@voxa/contracts';
import { describe, expect, it } from 'vitest';
import { canEdit, canSee, changeRefusal, fileFitProblems } from './policy';

const builtIn = { team_id: null, is_private: false };
const ownPrivate = { team_id: 1, is_private: true };
const othersPrivate = { team_id: 2, is_private: true };
const othersPublic = { team_id: 2, is_private: false };

describe('AI model policy', () => {
  it('shows built-in, own and other teams’ public models, never another team’s private one', () => {
    expect([builtIn, ownPrivate, othersPrivate, othersPublic].map((m) => canSee(m, 1))).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });

  it('lets a team change its own models only', () => {
    expect(changeRefusal(builtIn, 1)).toBe(AI_MODEL_BUILT_IN);
    expect(changeRefusal(othersPublic, 1)).toBe(AI_MODEL_OTHER_TEAM);
    expect(changeRefusal(ownPrivate, 1)).toBeNull();
    expect(canEdit(ownPrivate, 1, ['r:ai-models'])).toBe(true);
    expect(canEdit(ownPrivate, 1, ['r:ai-infers'])).toBe(false);
    expect(canEdit(othersPublic, 1, ['r:ai-models'])).toBe(false);
  });
});

describe('fileFitProblems', () => {
  const tensor = (shape: (number | string)[] | null) => [{ name: 't', shape }];
  const model = { channels: 1, segments: [{}, {}] };

  it('accepts [batch, channels, x, y, z] in and [batch, segments + 1, x, y, z] out, symbolic dims too', () => {
    expect(
      fileFitProblems(
        { inputs: tensor([1, 1, 'x', 'y', 'z']), outputs: tensor(['n', 3, 96, 96, 96]) },
        model,
      ),
    ).toEqual({});
    expect(
      fileFitProblems({ inputs: tensor(['n', 'c', 'x', 'y', 'z']), outputs: tensor(null) }, model),
    ).toEqual({});
  });

  it('names the channels and the segments that do not fit', () => {
    const problems = fileFitProblems(
      { inputs: tensor([1, 2, 8, 8, 8]), outputs: tensor([1, 5, 8, 8, 8]) },
      model,
    );
    expect(problems.channels?.[0]).toMatch(/input has 2 channels; 1 channels expected/);
    expect(problems.segments?.[0]).toMatch(/output has 5 channels; 3 classes/);
  });

  it('refuses a graph that is not 3D', () => {
    const problems = fileFitProblems({ inputs: tensor([1, 1, 8, 8]), outputs: tensor([1, 3, 8, 8]) }, model);
    expect(Object.keys(problems)).toEqual(['channels', 'segments']);
  });
});
