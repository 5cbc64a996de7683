import { useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { STORAGE_KEYS, type AnnotatorCase } from '@voxa/contracts';
import { useEffect } from 'react';
import { call } from '../../lib/api';

export const caseKey = (seriesUuid: string) => ['annotator-case', seriesUuid];

/** The case a series opens (its study and converted series); remembers the study as the last one opened. */
export function useCase(seriesUuid: string, enabled: boolean) {
  const query = useQuery<AnnotatorCase>({
    queryKey: caseKey(seriesUuid),
    queryFn: ({ signal }) => call(api.annotator.case, { params: { uuid: seriesUuid }, signal }),
    enabled,
    retry: false,
    staleTime: 30_000,
  });
  const studyUuid = query.data?.study.uuid;
  useEffect(() => {
    if (!studyUuid) return;
    try {
      localStorage.setItem(STORAGE_KEYS.lastOpenStudyUuid, studyUuid);
    } catch {
      // storage blocked: the case still opens
    }
  }, [studyUuid]);
  return query;
}
