import { Text } from '@mantine/core';
import type { TrainingDetail } from '@voxa/contracts';

/** The start's parameters as a line a person reads (none before the start). */
export function TrainingParameters({ parameters: p }: Pick<TrainingDetail, 'parameters'>) {
  const parts = [
    p.epochs !== undefined && `${p.epochs} epochs`,
    p.validationSplit !== undefined && `validation split ${p.validationSplit}`,
    p.learningRate !== undefined && `learning rate ${p.learningRate}`,
    p.patchSize && `patch ${p.patchSize.join(' × ')} voxels`,
  ].filter((part): part is string => typeof part === 'string');
  return (
    <Text size="sm" data-testid="training-parameters">
      {parts.length > 0 ? parts.join(' · ') : 'Not started yet'}
    </Text>
  );
}
