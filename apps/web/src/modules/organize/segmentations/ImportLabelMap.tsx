import { Button, FileInput, Group, Modal, Progress, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { formatBytes } from '../../../lib/format';
import { FormAlert } from '../../../ui/FormAlert';
import { isLabelMapFile, type MaskFormat } from './maskRules';
import { StructurePicker } from './StructurePicker';
import { useImportLabelMap } from './useMaskApi';

export interface ImportLabelMapProps {
  studyUuid: string;
  seriesUuid: string;
  seriesName: string;
  /** A NIfTI label map (default) or a DICOM SEG drawn on the series' instances. */
  format?: MaskFormat;
}

const TEXT = {
  nifti: {
    action: 'Import label map',
    file: 'Label map (.nii, .nii.gz)',
    accept: '.nii,.nii.gz',
    hint: 'One segment per label value, named from the structure’s classes when it has them, else Part N.',
  },
  seg: {
    action: 'Import DICOM SEG',
    file: 'DICOM SEG (.dcm)',
    accept: '.dcm,application/dicom',
    hint: 'One segment per SEG segment, with its label and colour; a label naming a class of the structure takes its value.',
  },
} as const;

/**
 * 'Import label map': a NIfTI label map over the series becomes a new segmentation with a segment per
 * label. The server checks the grid and the values; its refusal is shown in the dialog (decision 0037).
 * 'Import DICOM SEG' does the same with a binary SEG drawn on the series' instances (decision 0067).
 */
export function ImportLabelMap({ studyUuid, seriesUuid, seriesName, format = 'nifti' }: ImportLabelMapProps) {
  const text = TEXT[format];
  const [opened, { open, close }] = useDisclosure(false);
  const [file, setFile] = useState<File | null>(null);
  const [structure, setStructure] = useState<string | null>(null);
  const [shared, setShared] = useState(true);
  const imported = useImportLabelMap(studyUuid);
  // A DICOM file may have any name: the server tells a SEG by its content.
  const wrongFile = format === 'nifti' && file !== null && !isLabelMapFile(file.name);

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
      { format, seriesUuid, file, structure, rbac: shared },
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
      <Button size="xs" variant="light" onClick={open} aria-label={`${text.action} for ${seriesName}`}>
        {text.action}
      </Button>
      <Modal opened={opened} onClose={dismiss} title={`${text.action} for ${seriesName}`} centered>
        <Stack gap="sm">
          <FileInput
            size="xs"
            label={text.file}
            placeholder="Choose a file"
            accept={text.accept}
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
            {text.hint}
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
