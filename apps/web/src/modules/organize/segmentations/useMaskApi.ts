import { useMutation, useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Segmentation } from '@voxa/contracts';
import { call, callBlob } from '../../../lib/api';
import { saveFile } from '../../../lib/saveFile';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { maskFileName, type MaskFormat } from './maskRules';
import { useChange, useRefresh } from './useSegmentationsApi';

const at = (s: Segmentation) => ({ uuid: s.series_uuid, segmentationId: s.id });

export interface ImportInput {
  format: MaskFormat;
  seriesUuid: string;
  file: File;
  structure: string;
  rbac: boolean;
}

/**
 * POST /svc/v2/import-mask/{uuid} (a NIfTI label map) or /svc/v2/import-seg/{uuid} (a DICOM SEG): the
 * file's bytes as they are. A refusal (the server's message, e.g. the grid mismatch) stays on the
 * mutation for the form to show; nothing was written.
 */
export function useImportLabelMap(studyUuid: string) {
  const onSettled = useRefresh(studyUuid);
  return useMutation({
    mutationFn: async (input: ImportInput) => {
      const request = {
        params: { uuid: input.seriesUuid },
        query: { structure: input.structure, rbac: input.rbac ? 1 : 0 },
        body: new Uint8Array(await input.file.arrayBuffer()),
      } as const;
      return input.format === 'seg' ? call(api.masks.importSeg, request) : call(api.masks.import, request);
    },
    onSuccess: () => notifySuccess('Segmentation has been created'),
    onSettled,
  });
}

/** GET /svc/v2/mask/revisions/...: newest first; idle while the list is closed. */
export function useMaskRevisions(s: Segmentation, enabled: boolean) {
  return useQuery({
    // Under 'segmentations', so every change of the panel (remove-segment, restore) refreshes it.
    queryKey: ['segmentations', 'mask-revisions', s.series_uuid, s.id],
    enabled,
    queryFn: ({ signal }) => call(api.masks.revisions, { params: at(s), signal }),
  });
}

/** PUT /svc/v2/mask/restore/...: the kept revision written again as the newest. */
export function useRestoreRevision(studyUuid: string) {
  return useChange(studyUuid, (input: { segmentation: Segmentation; revision: number }) =>
    call(api.masks.restore, { params: { ...at(input.segmentation), revision: input.revision } }),
  );
}

/**
 * GET /svc/v2/mask/...?revision=N (NIfTI) or /svc/v2/mask/seg/... (DICOM SEG) with the app's sign-in,
 * saved as `{slug}-{id}-r{N}.nii.gz` or `.dcm`.
 */
export function useDownloadRevision() {
  return useMutation({
    mutationFn: async (input: { segmentation: Segmentation; revision: number; format: MaskFormat }) => {
      const s = input.segmentation;
      const request = { params: at(s), query: { revision: input.revision } };
      const blob =
        input.format === 'seg'
          ? await callBlob(api.masks.exportSeg, request)
          : await callBlob(api.masks.download, request);
      saveFile(blob, maskFileName(s.structure.slug, s.id, input.revision, input.format));
    },
    onError: notifyError,
  });
}
