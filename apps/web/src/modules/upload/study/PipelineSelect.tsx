import { Select } from '@mantine/core';
import { pipelinesFor } from '@voxa/imaging';
import type { PageStudy } from '../state/model';
import { useUpload } from '../uploadContext';
import { usePipelines } from '../useUploadApi';

export interface PipelineSelectProps {
  study: PageStudy;
  disabled: boolean;
}

/** The study's pipeline, among those of its first series' modality. */
export function PipelineSelect({ study, disabled }: PipelineSelectProps) {
  const { dispatch } = useUpload();
  const pipelines = usePipelines();
  const offered = pipelinesFor(pipelines.data ?? [], study.series[0]?.modalityCode);
  return (
    <Select
      label="Pipeline"
      placeholder="No pipeline"
      size="xs"
      w={200}
      clearable
      disabled={disabled}
      data={offered.map((p) => ({ value: p.code, label: p.name }))}
      value={study.pipelineCode}
      onChange={(pipelineCode) => dispatch({ type: 'pipelineChanged', studyId: study.id, pipelineCode })}
    />
  );
}
