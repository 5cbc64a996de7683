import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useXrSessionChanges, useXrWorkers } from './useXrApi';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opens a series on an XR worker; `?series=` fills the series, so a study's page can link here. */
export function NewXrSessionForm() {
  const [search] = useSearchParams();
  const workers = useXrWorkers();
  const { create } = useXrSessionChanges();
  const [workerId, setWorkerId] = useState<string | null>(null);
  const [series, setSeries] = useState(search.get('series') ?? '');
  const valid = workerId !== null && UUID.test(series.trim());
  const submit = () =>
    create.mutate(
      { xr_worker_id: Number(workerId), series_uuid: series.trim() },
      {
        onSuccess: (session) => notifySuccess(`Sent to ${session.worker.name}`),
        onError: notifyError,
      },
    );
  return (
    <Group align="flex-end" mb="md">
      <Select
        label="XR worker"
        placeholder="Choose a worker"
        data={(workers.data ?? []).map((w) => ({ value: String(w.id), label: `${w.name} (${w.status})` }))}
        value={workerId}
        onChange={setWorkerId}
      />
      <TextInput
        label="Series UUID"
        placeholder="a converted series of the team"
        value={series}
        w={340}
        onChange={(e) => setSeries(e.currentTarget.value)}
      />
      <Button onClick={submit} disabled={!valid} loading={create.isPending}>
        Open on the worker
      </Button>
    </Group>
  );
}
