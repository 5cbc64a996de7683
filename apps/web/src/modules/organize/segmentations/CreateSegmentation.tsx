import { Button, Group, Switch } from '@mantine/core';
import { useState } from 'react';
import { StructurePicker } from './StructurePicker';
import { useCreateSegmentation } from './useSegmentationsApi';

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
  const create = useCreateSegmentation(studyUuid);

  const submit = () => {
    if (!structure) return;
    create.mutate({ seriesUuid, structure, rbac: shared }, { onSuccess: () => setStructure(null) });
  };

  return (
    <Group gap="xs" align="flex-end" data-testid="create-segmentation">
      <StructurePicker ariaLabel={`Structure for ${seriesName}`} value={structure} onChange={setStructure} />
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
