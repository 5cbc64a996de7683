import type { PipelineBlueprint, PipelineInput, TeamPipeline } from '@voxa/contracts';

/** The pipeline form's state: what PipelineInput sends, as the fields hold it. */
export interface PipelineDraft {
  code: string;
  name: string;
  modality_code: string;
  acquisitions: { code: string; models: string[] }[];
  blueprint_code: string | null;
}

export const emptyDraft = (): PipelineDraft => ({
  code: '',
  name: '',
  modality_code: 'CT',
  acquisitions: [{ code: '', models: [] }],
  blueprint_code: null,
});

/** "Use this template": the blueprint's code, name, modality and acquisitions, no models yet. */
export const draftFromBlueprint = (b: PipelineBlueprint): PipelineDraft => ({
  code: b.code,
  name: b.name,
  modality_code: b.modality_code,
  acquisitions: b.acquisitions.map((a) => ({ code: a.code, models: [] })),
  blueprint_code: b.code,
});

export const draftOf = (p: TeamPipeline): PipelineDraft => ({
  code: p.code,
  name: p.name,
  modality_code: p.modality_code,
  acquisitions: p.acquisitions.map((a) => ({ code: a.code, models: [...a.models] })),
  blueprint_code: p.blueprint_code,
});

/** Another modality: its acquisitions and models differ, so the rows keep their places, emptied. */
export const withModality = (d: PipelineDraft, modality_code: string): PipelineDraft =>
  modality_code === d.modality_code
    ? d
    : { ...d, modality_code, acquisitions: d.acquisitions.map(() => ({ code: '', models: [] })) };

/** Rows without an acquisition chosen are left out; the server judges the rest. */
export const inputOf = (d: PipelineDraft): PipelineInput => ({
  code: d.code,
  name: d.name,
  modality_code: d.modality_code,
  acquisitions: d.acquisitions.filter((a) => a.code !== ''),
  blueprint_code: d.blueprint_code,
});
