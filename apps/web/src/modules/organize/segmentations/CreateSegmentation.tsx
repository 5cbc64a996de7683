import { Button, Group, Select, Switch } from '@mantine/core';
import { useMemo, useState } from 'react';
import { groupStructures, searchStructures } from './rules';
import { useCreateSegmentation, useStructures } from './useSegmentationsApi';

export interface CreateSegmentationProps {
  studyUuid: string;
  seriesUuid: string;
  /** Series name, for accessible names ("Structure for Series 2"). */
  seriesName: string;
}

/** A structure picker grouped by category with search, the shared (rbac) choice, and Create. */
export function CreateSegmentation({ studyUuid, seriesUuid, seriesName }: CreateSegmentationProps) {
  const [structure, setStructure] = useState<string | null>(null);
  const [shared, setShared] = useState(true);
  const structures = useStructures(true);
  const groups = useMemo(() => groupStructures(structures.data ?? []), [structures.data]);
  const create = useCreateSegmentation(studyUuid);

  const submit = () => {
    if (!structure) return;
    create.mutate({ seriesUuid, structure, rbac: shared }, { onSuccess: () => setStructure(null) });
  };

  return (
    <Group gap="xs" align="flex-end" data-testid="create-segmentation">
      <Select
        size="xs"
        w={260}
        label="Structure"
        aria-label={`Structure for ${seriesName}`}
        placeholder={structures.isPending ? 'Loading structures' : 'Search a structure'}
        searchable
        nothingFoundMessage="No structure found."
        maxDropdownHeight={320}
        data={groups}
        filter={({ search }) => searchStructures(groups, search)}
        value={structure}
        onChange={setStructure}
      />
      <Switch
        size="sm"
        label="Shared"
        aria-label={`Shared segmentation on ${seriesName}`}
        checked={shared}
        onChange={(event) => setShared(event.currentTarget.checked)}
      />
      <Button size="xs" onClick={submit} disabled={!structure} loading={create.isPending}>
        Create segmentation
      </Button>
    </Group>
  );
}
