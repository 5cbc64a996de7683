import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type TransferFunctionFilter, type TransferFunctionInput } from '@voxa/contracts';
import { call } from '../../lib/api';

/** Every query holding transfer functions (the annotator's list too, when it asks under this key). */
export const TRANSFER_FUNCTIONS_KEY = ['transfer-functions'] as const;

/** GET /transfer-functions?kind&modality: built-in first, then the team's; the list shown stays while the next loads. */
export function useTransferFunctions(filter: TransferFunctionFilter) {
  return useQuery({
    queryKey: [...TRANSFER_FUNCTIONS_KEY, filter],
    queryFn: ({ signal }) => call(api.transferFunctions.list, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Create, replace and delete the team's own; each refreshes every list. */
export function useTransferFunctionChanges() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: TRANSFER_FUNCTIONS_KEY });
  return {
    create: useMutation({
      mutationFn: (body: TransferFunctionInput) => call(api.transferFunctions.create, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: (v: { id: number; body: TransferFunctionInput }) =>
        call(api.transferFunctions.update, { params: { transferFunctionId: v.id }, body: v.body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(api.transferFunctions.remove, { params: { transferFunctionId: id } }),
      onSettled,
    }),
  };
}
