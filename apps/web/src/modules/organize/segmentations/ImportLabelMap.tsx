import { Button, FileInput, Group, Modal, Progress, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatBytes } from '../../../lib/format';
import { FormAlert } from '../../../ui/FormAlert';
import { isLabelMapFile } from './maskRules';
import { StructurePicker } from './StructurePicker';
import { useImportLabelMap } from './useMaskApi';

export interface ImportLabelMapProps {
  studyUuid: string;
  seriesUuid: string;
  seriesName: string;
}

/**
 * 'Import label map': a NIfTI label map over the series becomes a new segmentation with a segment per
 * label. The server checks the grid and the values; its refusal is shown in the dialog (decision 0037).
 */
export function ImportLabelMap({ studyUuid, seriesUuid, seriesName }: ImportLabelMapProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const [file, setFile] = useState<File | null>(null);
  const [structure, setStructure] = useState<string | null>(null);
  const [shared, setShared] = useState(true);
  const imported = useImportLabelMap(studyUuid);
  const wrongFile = file !== null && !isLabelMapFile(file.name);

  const reset = () => {
    setFile(null);
    setStructure(null);
    imported.reset();
  };
  const dismiss = () => {
    if (imported.isPending) return;
    close();
    reset();
  };
  const submit = () => {
    if (!file || !structure || wrongFile) return;
    imported.mutate(
      { seriesUuid, file, structure, rbac: shared },
      {
        onSuccess: () => {
          close();
          reset();
        },
      },
    );
  };

  return (
    <>
      <Button size="xs" variant="light" onClick={open} aria-label={`Import label map for ${seriesName}`}>
        Import label map
      </Button>
      <Modal opened={opened} onClose={dismiss} title={`Import label map for ${seriesName}`} centered>
        <Stack gap="sm">
          <FileInput
            size="xs"
            label="Label map (.nii, .nii.gz)"
            placeholder="Choose a file"
            accept=".nii,.nii.gz"
            clearable
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              imported.reset();
            }}
            error={wrongFile ? 'Choose a .nii or .nii.gz file' : undefined}
            disabled={imported.isPending}
          />
          <Group gap="xs" align="flex-end">
            <StructurePicker
              ariaLabel={`Label map structure for ${seriesName}`}
              value={structure}
              onChange={setStructure}
            />
            <Switch
              size="sm"
              label="Shared"
              aria-label={`Shared imported segmentation on ${seriesName}`}
              checked={shared}
              onChange={(event) => setShared(event.currentTarget.checked)}
            />
          </Group>
          <Text size="xs" c="dimmed">
            One segment per label value, named from the structure’s classes when it has them, else Part N.
          </Text>
          {imported.isPending && file && (
            <Stack gap={4} data-testid="import-progress">
              <Text size="xs">
                Uploading and checking {file.name} ({formatBytes(file.size)})
              </Text>
              {/* fetch reports no upload progress, and the server's check follows the upload. */}
              <Progress value={100} striped animated aria-label="Importing the label map" />
            </Stack>
          )}
          <FormAlert message={imported.isError ? errorMessage(imported.error) : null} />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss} disabled={imported.isPending}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!file || !structure || wrongFile} loading={imported.isPending}>
              Import
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
