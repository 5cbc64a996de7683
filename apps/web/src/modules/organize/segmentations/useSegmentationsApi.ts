import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Segment, type Segmentation } from '@voxa/contracts';
import { call } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { STUDIES_KEY } from '../../studies/useStudiesApi';
import { organizeKey } from '../useOrganizeApi';
import { removesMaskValue } from './rules';

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

const at = (s: Segmentation) => ({ uuid: s.series_uuid, segmentationId: s.id });

export function useCreateSegment(studyUuid: string) {
  return useChange(studyUuid, async (s: Segmentation) => {
    await call(api.segmentations.createSegment, { params: at(s), body: {} });
    notifySuccess('Segment has been create');
  });
}

export function useRenameSegment(studyUuid: string) {
  return useChange(
    studyUuid,
    async (input: { segmentation: Segmentation; segment: Segment; name: string }) => {
      const params = { ...at(input.segmentation), segmentId: input.segment.id };
      await call(api.segmentations.renameSegment, { params, body: { name: input.name } });
      notifySuccess(`Segment #${input.segment.id} has been renamed`);
    },
  );
}

export function useRecolorSegment(studyUuid: string) {
  return useChange(
    studyUuid,
    async (input: { segmentation: Segmentation; segment: Segment; color: string }) => {
      const params = { ...at(input.segmentation), segmentId: input.segment.id };
      await call(api.segmentations.recolorSegment, { params, body: { color: input.color } });
      notifySuccess('Color has been updated');
    },
  );
}

/** PUT .../segment/delete, then, when a mask revision holds the segment, PUT /svc/v2/mask/remove-segment. */
export function useDeleteSegment(studyUuid: string) {
  return useChange(studyUuid, async (input: { segmentation: Segmentation; segment: Segment }) => {
    const params = { ...at(input.segmentation), segmentId: input.segment.id };
    await call(api.segmentations.deleteSegment, { params });
    notifySuccess('Segment has been deleted');
    if (removesMaskValue(input.segment))
      await call(api.masks.removeSegment, {
        params: { ...at(input.segmentation), value: input.segment.value },
      });
  });
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
