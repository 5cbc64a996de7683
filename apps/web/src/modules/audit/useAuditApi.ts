import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import type { AdminAuditFilter } from '@voxa/contracts';
import { call, callBlob } from '../../lib/api';

/**
 * An administrator reads every team's trail (/admin/audit), a team's auditor their team's (/audit-events);
 * both answer the same records.
 */
export function useAuditRecords(filter: AdminAuditFilter, page: number, asAdministrator: boolean) {
  return useQuery({
    queryKey: ['audit', asAdministrator, filter, page],
    queryFn: ({ signal }) => {
      if (asAdministrator) return call(api.audit.adminList, { query: { ...filter, page }, signal });
      const { team_id: _team, ...own } = filter;
      return call(api.audit.list, { query: { ...own, page }, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function downloadAudit(format: 'csv' | 'fhir', filter: AdminAuditFilter, asAdministrator: boolean) {
  if (asAdministrator)
    return callBlob(format === 'csv' ? api.audit.adminCsv : api.audit.adminFhir, { query: filter });
  const { team_id: _team, ...own } = filter;
  return callBlob(format === 'csv' ? api.audit.csv : api.audit.fhir, { query: own });
}
