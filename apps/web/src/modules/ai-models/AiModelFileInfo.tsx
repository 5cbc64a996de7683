import { Card, Stack, Text } from '@mantine/core';
import type { AiModel, OnnxTensor } from '@voxa/contracts';
import { formatBytes, formatDate } from '../../lib/format';

export interface AiModelFileInfoProps {
  model: Pick<AiModel, 'file' | 'runtime'>;
}

const tensor = (t: OnnxTensor) => `${t.name} [${t.shape?.join(', ') ?? '?'}]`;

/** The ONNX file as the server read it: size, hash, opset, inputs and outputs; or why there is none. */
export function AiModelFileInfo({ model }: AiModelFileInfoProps) {
  const { file } = model;
  if (!file)
    return (
      <Text size="sm" c="dimmed" data-testid="ai-model-file">
        {model.runtime === 'external'
          ? 'Runs on an external worker, which holds the model itself.'
          : 'No ONNX file yet: upload one on the edit page before the model can run.'}
      </Text>
    );
  return (
    <Card withBorder data-testid="ai-model-file">
      <Stack gap={4}>
        <Text fw={600}>ONNX file</Text>
        <Text size="sm">
          {formatBytes(file.size)} · uploaded {formatDate(file.uploaded_at)}
        </Text>
        <Text size="sm">
          Opset {file.opset} · IR {file.ir_version}
          {file.producer && ` · made by ${file.producer}`}
        </Text>
        <Text size="sm" data-testid="ai-model-file-inputs">
          Input: {file.inputs.map(tensor).join('; ')}
        </Text>
        <Text size="sm">Output: {file.outputs.map(tensor).join('; ')}</Text>
        <Text size="xs" c="dimmed" ff="monospace">
          sha256 {file.sha256}
        </Text>
      </Stack>
    </Card>
  );
}
