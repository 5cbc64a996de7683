import { Anchor, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import { PageHeader } from '../../ui/PageHeader';
import { CREATE_TRAINING_PATH, trainingPath } from './paths';
import { diceText } from './state';
import { StopTrainingButton } from './StopTrainingButton';
import { TrainingModel } from './TrainingModel';
import { TrainingStateBadge } from './TrainingStateBadge';
import { useTrainings } from './useTrainingApi';

/** /ai2-trainings (r:ai-trainings): the team's trainings, newest first; followed while one is open. */
export function TrainingsPage() {
  const list = useTrainings();
  return (
    <Stack gap={0}>
      <PageHeader
        title="AI Trainings"
        actions={
          <>
            {list.isFetching && <Loader size="sm" aria-label="Loading trainings" />}
            <Button component={Link} to={CREATE_TRAINING_PATH}>
              New training
            </Button>
          </>
        }
      />
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.length === 0 ? (
        <Text c="dimmed" data-testid="trainings-empty">
          No trainings yet: start one with New training.
        </Text>
      ) : (
        <Table striped data-testid="trainings-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>Model</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th>Epochs</Table.Th>
              <Table.Th>Best val Dice</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((t) => (
              <Table.Tr key={t.id} data-testid="training-row" data-id={t.id}>
                <Table.Td>
                  <Anchor component={Link} to={trainingPath(t.id)}>
                    {`#${t.id}`}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <TrainingModel model={t.model} />
                </Table.Td>
                <Table.Td>
                  <TrainingStateBadge training={t} />
                </Table.Td>
                <Table.Td>{`${t.epochs_done} / ${t.epochs ?? '—'}`}</Table.Td>
                <Table.Td data-testid="training-best-val-dice">
                  {diceText(t.best_val_dice)}
                  {t.state === 'did_not_learn' && ` (under ${t.min_val_dice ?? '—'})`}
                </Table.Td>
                <Table.Td>{`${formatDate(t.created_at)} · ${t.created_by_user_name ?? '—'}`}</Table.Td>
                <Table.Td>
                  <StopTrainingButton training={t} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
