import { Card, FileInput, Progress, Stack, Text } from '@mantine/core';
import type { AiModel } from '@voxa/contracts';
import { useState } from 'react';
import { fieldError, formMessage } from '../../lib/formErrors';
import { FormAlert } from '../../ui/FormAlert';
import { notifySuccess } from '../../ui/notify';
import { AiModelFileInfo } from './AiModelFileInfo';
import { useAiModelChanges } from './useAiModelsApi';

export interface ModelFileUploadProps {
  model: AiModel;
}

/** Uploads the model's .onnx file with its progress; the server checks it fits the channels and segments. */
export function ModelFileUpload({ model }: ModelFileUploadProps) {
  const { upload } = useAiModelChanges();
  const [sent, setSent] = useState(0);
  const problems = ['file', 'channels', 'segments'].map((f) => fieldError(upload.error, f)).filter(Boolean);
  return (
    <Card withBorder data-testid="model-file-upload">
      <Stack gap="sm">
        <Text fw={600}>Model file</Text>
        <AiModelFileInfo model={model} />
        <FileInput
          label={model.file ? 'Replace the ONNX file' : 'Upload the ONNX file'}
          placeholder="Choose a .onnx file"
          accept=".onnx"
          disabled={upload.isPending}
          value={null}
          onChange={(file) => {
            if (!file) return;
            setSent(0);
            upload.mutate(
              { id: model.id, file, onProgress: setSent },
              { onSuccess: () => notifySuccess(`${file.name} has been uploaded`) },
            );
          }}
        />
        {upload.isPending && (
          <Progress value={sent * 100} aria-label="Upload progress" data-testid="model-file-progress" />
        )}
        <FormAlert message={formMessage(upload.error)} />
        {problems.map((p) => (
          <Text key={p} size="sm" c="red" data-testid="model-file-problem">
            {p}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
