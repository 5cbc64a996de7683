import { Badge, Button, Group, Stack, Switch, Table, Text, Textarea, TextInput } from '@mantine/core';
import type { ModelConfiguration } from '@voxa/contracts';
import { useState } from 'react';
import { AddWorkerLink, NeedsWorkerBadge } from './NeedsWorkerHelp';
import { needsAWorker } from './needsWorker';
import { notifyError, notifySuccess } from '../../ui/notify';
import { parametersText, parseParameters, parseRuns } from './parameters';
import { useConfigureModel } from './useModelConfigurationApi';

const WORKER_COLOURS: Record<ModelConfiguration['workers'][number]['status'], string> = {
  new: 'gray',
  online: 'green',
  offline: 'red',
};

export interface ModelConfigurationRowProps {
  configuration: ModelConfiguration;
}

/** One model: the workers serving it now, and the team's defaults for it, saved on their own. */
export function ModelConfigurationRow({ configuration: c }: ModelConfigurationRowProps) {
  const configure = useConfigureModel();
  const [runs, setRuns] = useState(c.defaults.n === null ? '' : String(c.defaults.n));
  const [mpText, setMpText] = useState(parametersText(c.defaults.mp));
  const [automatic, setAutomatic] = useState(c.automatic);
  const n = parseRuns(runs);
  const mp = parseParameters(mpText);

  const save = () => {
    if (!n.ok || !mp.ok) return;
    configure.mutate(
      { modelId: c.model.id, body: { n: n.value, mp: mp.value, automatic } },
      {
        onSuccess: () => notifySuccess(`The defaults of ${c.model.code} have been saved`),
        onError: notifyError,
      },
    );
  };

  return (
    <Table.Tr data-testid="model-configuration" data-model={c.model.code}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {c.model.name}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {c.model.code} · {c.model.runtime}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={4} data-testid="model-workers">
          {needsAWorker(c) && (
            <Group gap={6}>
              <NeedsWorkerBadge />
              <AddWorkerLink />
            </Group>
          )}
          {c.workers.map((w) => (
            <Group key={w.id} gap={4} wrap="nowrap">
              <Text size="sm">{w.name}</Text>
              <Badge size="xs" variant="light" color={WORKER_COLOURS[w.status]}>
                {w.status}
              </Badge>
              {w.platform && (
                <Badge size="xs" variant="outline">
                  platform
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`n of ${c.model.code}`}
          placeholder="default"
          w={90}
          value={runs}
          onChange={(e) => setRuns(e.currentTarget.value)}
          error={n.ok ? undefined : n.error}
        />
      </Table.Td>
      <Table.Td miw={260}>
        <Textarea
          aria-label={`Model parameters of ${c.model.code}`}
          placeholder="{}"
          autosize
          minRows={2}
          ff="monospace"
          value={mpText}
          onChange={(e) => setMpText(e.currentTarget.value)}
          error={mp.ok ? undefined : mp.error}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Run ${c.model.code} after conversion`}
          checked={automatic}
          onChange={(e) => setAutomatic(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Button size="xs" onClick={save} disabled={!n.ok || !mp.ok} loading={configure.isPending}>
          Save
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
