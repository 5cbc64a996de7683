import { Badge, Table, Text } from '@mantine/core';
import type { Inference } from '@voxa/contracts';
import { formatDate, formatRelative } from '../../lib/format';
import { InferenceActions } from './InferenceActions';
import { InferenceStateBadge } from './InferenceStateBadge';

export interface InferenceRowProps {
  inference: Inference;
}

/** One inference in a list: case, series, model, state with why, who started it and when. */
export function InferenceRow({ inference: i }: InferenceRowProps) {
  return (
    <Table.Tr
      data-testid="inference-row"
      data-inference-id={i.id}
      data-model={i.model.code}
      data-state={i.state}
    >
      <Table.Td>
        <Text size="sm" fw={500} data-testid="inference-study">
          {i.study.name}
        </Text>
        {i.study.code && (
          <Text size="xs" c="dimmed">
            {i.study.code}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {i.series.modality && (
          <Badge size="xs" variant="outline" mr={6}>
            {i.series.modality}
          </Badge>
        )}
        <Text span size="sm">
          {i.series.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" data-testid="inference-model">
          {i.model.code}
        </Text>
      </Table.Td>
      <Table.Td>
        <InferenceStateBadge inference={i} />
      </Table.Td>
      <Table.Td maw={280}>
        <Text size="xs" c={i.state === 'failed' ? 'red' : 'dimmed'} data-testid="inference-reason">
          {i.reason ?? ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {i.created_by_user_name ?? '—'}
          {i.automatic && (
            <Badge size="xs" variant="outline" color="gray" ml={6} data-testid="inference-automatic">
              automatic
            </Badge>
          )}
        </Text>
        <Text size="xs" c="dimmed" title={formatDate(i.created_at)}>
          {formatRelative(i.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <InferenceActions inference={i} />
      </Table.Td>
    </Table.Tr>
  );
}
