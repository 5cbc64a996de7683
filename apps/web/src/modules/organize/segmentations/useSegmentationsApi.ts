import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type Segment, type Segmentation } from '@voxa/contracts';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { STUDIES_KEY } from '../../studies/useStudiesApi';
import { organizeKey } from '../useOrganizeApi';
import { segmentChanges } from '../../segmentations/segmentChanges';

/** GET /structures: the catalogue and the team's own, with their categories (the picker groups by them). */
export function useStructures(enabled: boolean) {
  return useQuery({
    queryKey: ['structures', 'all'],
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => call(api.structures.list, { query: {}, signal }),
  });
}

/** GET /roles/assignable-users: the roles a shared segmentation has a box for. */
export function useAssignableRoles() {
  return useQuery({
    queryKey: ['segmentations', 'assignable-roles'],
    staleTime: 60_000,
    queryFn: ({ signal }) => call(api.segmentations.assignableRoles, { signal }),
  });
}

export interface AvailableUsersKey {
  team_id: number;
  serie_id: number;
  segmentation_id: number;
  role_id: number;
}

/** GET segmentations/available-users/...: who may still be put in a role's box; idle while closed. */
export function useAvailableUsers(params: AvailableUsersKey | null) {
  return useQuery({
    queryKey: ['segmentations', 'available-users', params],
    enabled: params !== null,
    retry: false,
    queryFn: ({ signal }) =>
      call(api.segmentations.availableUsers, { params: params as AvailableUsersKey, signal }),
  });
}

/** Every change is followed by a fresh organize view and studies list (segment counts), the server's truth. */
export function useRefresh(studyUuid: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: organizeKey(studyUuid) }),
      client.invalidateQueries({ queryKey: STUDIES_KEY }),
      client.invalidateQueries({ queryKey: ['segmentations'] }),
    ]);
}

/** A mutation that toasts its failure and refreshes the view either way. */
export function useChange<T>(studyUuid: string, mutationFn: (input: T) => Promise<unknown>) {
  const onSettled = useRefresh(studyUuid);
  return useMutation({ mutationFn, onError: notifyError, onSettled });
}

/** POST /annotator/segmentations/{uuid}, then POST /svc/v2/create-mask: the toasts of teams-and-account.md 8. */
export function useCreateSegmentation(studyUuid: string) {
  return useChange(studyUuid, async (input: { seriesUuid: string; structure: string; rbac: boolean }) => {
    const created = await call(api.segmentations.create, {
      params: { uuid: input.seriesUuid },
      body: { structure: input.structure, rbac: input.rbac ? 1 : 0 },
    });
    notifySuccess('Segmentation has been created');
    notifySuccess('Creating mask');
    await call(api.masks.create, { params: { uuid: input.seriesUuid, segmentationId: created.id } });
    notifySuccess('Mask has been created');
  });
}

export function useRemoveSegmentation(studyUuid: string) {
  return useChange(studyUuid, async (s: Segmentation) => {
    await call(api.segmentations.remove, { params: { uuid: s.series_uuid, segmentationId: s.id } });
    notifySuccess('Segmentation has been removed');
  });
}

export function useCreateSegment(studyUuid: string) {
  return useChange(studyUuid, (s: Segmentation) => segmentChanges.add(s));
}

export function useRenameSegment(studyUuid: string) {
  return useChange(studyUuid, (input: { segmentation: Segmentation; segment: Segment; name: string }) =>
    segmentChanges.rename(input.segmentation, input.segment, input.name),
  );
}

export function useRecolorSegment(studyUuid: string) {
  return useChange(studyUuid, (input: { segmentation: Segmentation; segment: Segment; color: string }) =>
    segmentChanges.recolor(input.segmentation, input.segment, input.color),
  );
}

export function useDeleteSegment(studyUuid: string) {
  return useChange(studyUuid, (input: { segmentation: Segmentation; segment: Segment }) =>
    segmentChanges.remove(input.segmentation, input.segment),
  );
}

export function useAddUser(studyUuid: string) {
  return useChange(studyUuid, (body: { segmentation_id: number; user_id: number; role_id: number }) =>
    call(api.segmentations.addUser, { body }),
  );
}

export function useRemoveUser(studyUuid: string) {
  return useChange(studyUuid, (params: { segmentationId: number; userId: number; roleId: number }) =>
    call(api.segmentations.removeUser, { params }),
  );
}
