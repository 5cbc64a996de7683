import { Badge, Group } from '@mantine/core';
import type { AiModel } from '@voxa/contracts';

export interface AiModelOriginProps {
  model: Pick<AiModel, 'built_in' | 'is_private' | 'can_edit' | 'created_by_team_name' | 'is_derived'>;
}

/** Whose a model is: built-in, the team's own (private or public), or another team's public one. */
export function AiModelOrigin({ model }: AiModelOriginProps) {
  return (
    <Group gap={4} wrap="nowrap">
      {model.built_in ? (
        <Badge variant="light" color="gray" data-testid="ai-model-origin">
          Built-in
        </Badge>
      ) : model.is_private ? (
        <Badge variant="light" color="grape" data-testid="ai-model-origin">
          Private
        </Badge>
      ) : (
        <Badge variant="light" color="teal" data-testid="ai-model-origin">
          Public{model.created_by_team_name ? ` · ${model.created_by_team_name}` : ''}
        </Badge>
      )}
      {model.is_derived && (
        <Badge variant="outline" color="gray">
          Derived
        </Badge>
      )}
    </Group>
  );
}
