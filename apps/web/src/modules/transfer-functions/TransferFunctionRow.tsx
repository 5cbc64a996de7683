import { Badge, Box, Button, Group, Table, Text } from '@mantine/core';
import type { TransferFunction } from '@voxa/contracts';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { windowLabel } from './draft';
import { GradientPreview } from './GradientPreview';

export interface TransferFunctionRowProps {
  tf: TransferFunction;
  /** The user may change the team's own (r:transfer-functions); built-in ones never change. */
  canChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function TransferFunctionRow({ tf, canChange, onEdit, onDelete }: TransferFunctionRowProps) {
  return (
    <Table.Tr data-testid="transfer-function-row" data-name={tf.name} data-kind={tf.kind}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {tf.name}
        </Text>
      </Table.Td>
      <Table.Td>{tf.kind === 'window' ? 'Window preset' : 'Colour map'}</Table.Td>
      <Table.Td>{tf.modality ?? 'Any'}</Table.Td>
      <Table.Td>
        {tf.kind === 'window' ? (
          <Text size="sm" ff="monospace" data-testid="window-values">
            {windowLabel(tf.window)}
          </Text>
        ) : (
          <Box w={160}>
            <GradientPreview
              colormap={tf.colormap}
              height={14}
              label={`${tf.name} colours`}
              withOpacity={false}
            />
          </Box>
        )}
      </Table.Td>
      <Table.Td>
        {tf.built_in ? (
          <Badge variant="light" color="gray">
            Built-in
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {tf.created_by?.name ?? 'Team'}
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        {canChange && !tf.built_in && (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="xs" variant="subtle" aria-label={`Edit ${tf.name}`} onClick={onEdit}>
              Edit
            </Button>
            <ConfirmButton
              label="Delete"
              ariaLabel={`Delete ${tf.name}`}
              question={`Delete ${tf.name}? The annotator will no longer offer it.`}
              onConfirm={onDelete}
            />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
