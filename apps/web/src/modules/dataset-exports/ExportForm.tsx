import { Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { DATASET_ID_DEFAULT, DATASET_ID_MAX, DATASET_ID_MIN, DatasetName } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { notifyError, notifySuccess } from '../../ui/notify';
import { DataState } from '../../ui/DataState';
import { CandidatesTable } from './CandidatesTable';
import { defaultDatasetName } from './datasetName';
import {
  useDatasetCandidates,
  useDatasetStructures,
  useStartExport,
  useTeamsToExport,
} from './useDatasetExportsApi';

const idOf = (value: string | null) => (value ? Number(value) : null);

/** Team, structure, the cases and the dataset's id and name; Start export queues it. */
export function ExportForm() {
  const teams = useTeamsToExport();
  const [teamId, setTeamId] = useState<number | null>(null);
  const [structureId, setStructureId] = useState<number | null>(null);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [datasetId, setDatasetId] = useState<number>(DATASET_ID_DEFAULT);
  const [name, setName] = useState('');
  const structures = useDatasetStructures(teamId);
  const candidates = useDatasetCandidates(teamId, structureId);
  const start = useStartExport();

  const chooseTeam = (value: string | null) => {
    setTeamId(idOf(value));
    setStructureId(null);
    setSelected(new Set());
  };
  const chooseStructure = (value: string | null) => {
    const id = idOf(value);
    setStructureId(id);
    setName(defaultDatasetName(structures.data?.find((s) => s.id === id)?.title ?? ''));
    setSelected(new Set());
  };
  const toggle = (segmentationId: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(segmentationId);
    else next.delete(segmentationId);
    setSelected(next);
  };
  const anonymised = (candidates.data ?? []).filter((c) => c.anonymised).map((c) => c.segmentation_id);
  const nameError =
    name && !DatasetName.safeParse(name).success ? 'Letters and digits, starting with a letter.' : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (teamId === null || structureId === null) return;
    start.mutate(
      {
        team_id: teamId,
        structure_id: structureId,
        segmentation_ids: [...selected],
        dataset_id: datasetId,
        name,
      },
      {
        onSuccess: (made) => {
          notifySuccess(`Export ${made.folder} started`);
          setSelected(new Set());
        },
        onError: notifyError,
      },
    );
  };

  if (!teams.data) return <DataState error={teams.error} />;
  return (
    <form onSubmit={submit} aria-label="New dataset export">
      <Stack>
        <Group align="end" wrap="wrap">
          <Select
            label="Team"
            w={300}
            placeholder="Choose a team"
            searchable
            data={teams.data.map((t) => ({ value: String(t.id), label: `${t.title} (${t.slug})` }))}
            value={teamId === null ? null : String(teamId)}
            onChange={chooseTeam}
          />
          <Select
            label="Structure"
            w={340}
            placeholder={teamId === null ? 'Choose a team first' : 'Choose a structure'}
            disabled={!structures.data}
            data={(structures.data ?? []).map((s) => ({
              value: String(s.id),
              label: `${s.title} (${s.exportable} of ${s.with_mask} exportable)`,
            }))}
            value={structureId === null ? null : String(structureId)}
            onChange={chooseStructure}
            nothingFoundMessage="No segmentation of this team has a mask"
          />
        </Group>
        {structureId !== null &&
          (candidates.data ? (
            <>
              <CandidatesTable candidates={candidates.data} selected={selected} onToggle={toggle} />
              {anonymised.length > 1 && (
                <Group>
                  <Button variant="subtle" size="xs" onClick={() => setSelected(new Set(anonymised))}>
                    Select all anonymised ({anonymised.length})
                  </Button>
                </Group>
              )}
            </>
          ) : (
            <DataState error={candidates.error} />
          ))}
        <Group align="end" wrap="wrap">
          <NumberInput
            label="Dataset id"
            min={DATASET_ID_MIN}
            max={DATASET_ID_MAX}
            allowDecimal={false}
            value={datasetId}
            onChange={(v) => setDatasetId(typeof v === 'number' ? v : DATASET_ID_DEFAULT)}
          />
          <TextInput
            label="Dataset name"
            value={name}
            error={nameError}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button
            type="submit"
            loading={start.isPending}
            disabled={!selected.size || !name || nameError !== null}
          >
            Start export
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
