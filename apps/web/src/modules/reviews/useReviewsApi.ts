import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { notificationText, type Notification, type Review } from '@voxa/contracts';
import { useEffect } from 'react';
import { useSocket } from '../../app/session/useRealtime';
import { call } from '../../lib/api';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notify';
import type { ReviewsQuery } from './reviewsQuery';

const KEY = ['reviews'] as const;

/** GET /reviews: a page of the caller's reviews. */
export function useReviews(query: ReviewsQuery) {
  return useQuery({
    queryKey: [...KEY, 'list', query],
    queryFn: ({ signal }) => call(api.reviews.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Refetches the reviews when one of the user's review notifications arrives (a submission to review, a
 * decision on theirs): the list follows without a reload.
 */
export function useReviewsLive(): void {
  const socket = useSocket();
  const client = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const onCreated = (n: Notification) => {
      if (n.section === 'reviews') void client.invalidateQueries({ queryKey: KEY });
    };
    socket.on('notification:created', onCreated);
    return () => {
      socket.off('notification:created', onCreated);
    };
  }, [socket, client]);
}

/**
 * In the annotator's tab: a review notification about one of the case's segmentations (a decision on the
 * author's, a submission to review, a mention) shows as a toast and the reviews are refetched, so the
 * state under the mask follows without a reload.
 */
export function useReviewNotices(segmentationIds: readonly number[]): void {
  const socket = useSocket();
  const client = useQueryClient();
  // The ids as a value: the case's array is a new one after each refetch.
  const ids = segmentationIds.join(',');
  useEffect(() => {
    if (!socket) return;
    const ours = new Set(ids.split(',').map(Number));
    const onCreated = (n: Notification) => {
      if (n.section !== 'reviews' || n.model1_id === null || !ours.has(n.model1_id)) return;
      void client.invalidateQueries({ queryKey: KEY });
      notifyInfo(notificationText(n), n.description);
    };
    socket.on('notification:created', onCreated);
    return () => {
      socket.off('notification:created', onCreated);
    };
  }, [socket, client, ids]);
}

/** GET /segmentations/{id}/review. */
export function useReview(segmentationId: number | null) {
  return useQuery({
    queryKey: [...KEY, 'detail', segmentationId],
    queryFn: ({ signal }) =>
      call(api.reviews.detail, { params: { segmentationId: segmentationId ?? 0 }, signal }),
    enabled: segmentationId !== null,
  });
}

type Action = 'submit' | 'approve' | 'requestChanges';
const DONE: Record<Action, string> = {
  submit: 'Submitted for review',
  approve: 'Segmentation approved',
  requestChanges: 'Changes requested',
};

/** Submit, approve, request changes and comment; each answers the review, which replaces the cached one. */
export function useReviewActions(segmentationId: number) {
  const client = useQueryClient();
  const params = { segmentationId };
  const settle = (review: Review) => {
    client.setQueryData([...KEY, 'detail', segmentationId], review);
    void client.invalidateQueries({ queryKey: [...KEY, 'list'] });
  };
  const action = useMutation({
    mutationFn: (a: Action) => call(api.reviews[a], { params }).then((review) => ({ a, review })),
    onSuccess: ({ a, review }) => {
      settle(review);
      notifySuccess(DONE[a]);
    },
    onError: notifyError,
  });
  const comment = useMutation({
    mutationFn: (body: string) => call(api.reviews.comment, { params, body: { body } }),
    onSuccess: settle,
    onError: notifyError,
  });
  return { action, comment };
}
