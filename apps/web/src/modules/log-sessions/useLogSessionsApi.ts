import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { type LogFilter } from '@voxa/contracts';
import { call, callBlob } from '../../lib/api';

export function useLogSessions(filter: LogFilter, page: number) {
  return useQuery({
    queryKey: ['log-sessions', filter, page],
    queryFn: ({ signal }) => call(api.logSessions.list, { query: { ...filter, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLogEvents(filter: LogFilter, page: number) {
  return useQuery({
    queryKey: ['log-events', filter, page],
    queryFn: ({ signal }) => call(api.logSessions.events, { query: { ...filter, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLogSession(id: number | null) {
  return useQuery({
    queryKey: ['log-session', id],
    queryFn: ({ signal }) => call(api.logSessions.detail, { params: { sessionId: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export const downloadLogCsv = (filter: LogFilter) => callBlob(api.logSessions.csv, { query: filter });
