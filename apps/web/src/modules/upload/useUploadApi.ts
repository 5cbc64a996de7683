import { useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { DicomUid } from '@voxa/contracts';
import { call } from '../../lib/api';

/** Reference data is global and rarely changes: fetched once per visit. */
const REFERENCE = { staleTime: Infinity } as const;

export function useModalities() {
  return useQuery({
    queryKey: ['reference', 'modalities'],
    queryFn: () => call(api.reference.modalities),
    ...REFERENCE,
  });
}

/** `enabled` false keeps pages that do not upload (the dashboard, the base address) from asking. */
export function useAcquisitions(enabled = true) {
  return useQuery({
    queryKey: ['reference', 'acquisitions'],
    queryFn: () => call(api.reference.acquisitions),
    enabled,
    ...REFERENCE,
  });
}

/** The team's own pipelines, which its people edit (/pipeline): read again on each visit, not kept. */
export function usePipelines() {
  return useQuery({
    queryKey: ['reference', 'pipelines'],
    queryFn: () => call(api.reference.pipelines),
    select: (reply) => reply.data,
  });
}

/** Whether the team already holds this study (GET /studies/{uid}/check); asked only for a well-formed UID. */
export function useStudyExists(studyInstanceUid: string | null) {
  const uid = DicomUid.safeParse(studyInstanceUid).data;
  return useQuery({
    queryKey: ['studies', 'check', uid],
    queryFn: () => call(api.studies.check, { params: { studyInstanceUid: uid as string } }),
    enabled: uid !== undefined,
    staleTime: Infinity,
  });
}
