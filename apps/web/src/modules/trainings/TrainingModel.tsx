import { Anchor, Text } from '@mantine/core';
import type { Training } from '@voxa/contracts';
import { Link } from 'react-router';
import { aiModelPath } from '../ai-models/paths';

/** The model a training teaches, linked to its page while it exists. */
export function TrainingModel({ model }: Pick<Training, 'model'>) {
  const text = model.name ? `${model.name} (${model.code})` : model.code;
  if (model.id === null) return <Text size="sm">{text}</Text>;
  return (
    <Anchor component={Link} to={aiModelPath(model.id)} size="sm">
      {text}
    </Anchor>
  );
}
