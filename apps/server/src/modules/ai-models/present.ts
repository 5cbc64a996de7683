import { SEGMENT_PALETTE, type AiModel, type AiModelFields, type AiModelSegmentInput } from '@voxa/contracts';
import { labelMapColours } from '@voxa/imaging';
import type { AiModelRow, OnnxHeader } from '../../platform/db/schema';
import { iso } from '../common/time';

/** A model row with the names the list and detail show beside it. */
export type ModelRow = AiModelRow & {
  structure_name: string;
  structure_slug: string;
  structure_color: string | null;
  class_colors: Record<string, string | null> | null;
  created_by_user_name: string | null;
  created_by_team_name: string | null;
};

/** A stored row as the API answers it; `canEdit` is the caller's ability (policy.canEdit). */
export function presentModel(row: ModelRow, canEdit: boolean): AiModel {
  const header: OnnxHeader | null = row.file_header;
  // The colours a result gives the segments when every one is present (decision 0098).
  const classes = new Map(Object.entries(row.class_colors ?? {}).map(([value, c]) => [Number(value), c]));
  const colours = labelMapColours(
    row.segments.map((s) => s.value),
    { classes, own: row.structure_color },
    SEGMENT_PALETTE,
  );
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    structure_name: row.structure_name,
    structure_slug: row.structure_slug,
    segments: row.segments.map((s, i) => ({
      title: s.title,
      value: s.value,
      color: colours[i] ?? '#000000',
    })),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    created_by_user_name: row.created_by_user_name,
    created_by_team_name: row.created_by_team_name,
    parent_id: row.parent_id,
    is_private: row.is_private,
    is_derived: row.is_derived,
    built_in: row.team_id === null,
    can_edit: canEdit,
    runtime: row.runtime,
    modality: row.modality,
    channels: row.channels,
    spacing: row.spacing,
    patch_size: row.patch_size,
    normalization: row.normalization,
    min_val_dice: row.min_val_dice,
    min_training_segmentations: row.min_training_segmentations,
    file:
      header && row.file_sha256 !== null && row.file_size !== null && row.file_uploaded_at !== null
        ? {
            size: Number(row.file_size),
            sha256: row.file_sha256,
            uploaded_at: iso(row.file_uploaded_at),
            ...header,
          }
        : null,
    ready: row.runtime === 'external' || header !== null,
  };
}

/** Segments in ascending value: the order of the output channels after the background (policy.ts). */
export function sortedSegments(segments: readonly AiModelSegmentInput[]): AiModelSegmentInput[] {
  return [...segments]
    .sort((a, b) => a.value - b.value)
    .map((s) => ({ title: s.title.trim(), value: s.value }));
}

/** The columns an input writes (PUT writes them all again). */
export function storedFields(input: AiModelFields, structureId: number) {
  return {
    name: input.name,
    code: input.code,
    description: input.description,
    structure_id: structureId,
    segments: JSON.stringify(sortedSegments(input.segments)),
    parent_id: input.parent_id,
    is_private: input.is_private,
    runtime: input.runtime,
    modality: input.modality,
    channels: input.channels,
    spacing: JSON.stringify(input.spacing),
    patch_size: input.patch_size ? JSON.stringify(input.patch_size) : null,
    normalization: input.normalization ? JSON.stringify(input.normalization) : null,
    min_val_dice: input.min_val_dice,
    min_training_segmentations: input.min_training_segmentations,
  };
}
