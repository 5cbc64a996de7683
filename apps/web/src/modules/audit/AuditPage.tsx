import { Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { AUDIT_PAGE_SIZE } from '@voxa/contracts';
import { useSearchParams } from 'react-router';
import { useUser } from '../../app/session/useUser';
import { formatDate } from '../../lib/format';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { ListPagination } from '../../ui/ListPagination';
import { PageHeader } from '../../ui/PageHeader';
import { AuditFilterBar } from './AuditFilterBar';
import { auditApiFilter, auditFormFromSearch, auditSearchFromForm, type AuditFilterForm } from './filters';
import { useAuditRecords } from './useAuditApi';

/**
 * /admin/audit (docs/decisions/0065-audit-trail.md): who viewed, downloaded, exported, changed or deleted
 * what, newest first. Administrators see every team's records; a team's auditors (r:log-session) their own.
 */
export function AuditPage() {
  const [search, setSearch] = useSearchParams();
  const asAdministrator = useUser().data?.is_admin ?? false;
  const form = auditFormFromSearch(search);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const go = (next: AuditFilterForm, nextPage = 1) => setSearch(auditSearchFromForm(next, nextPage));
  const list = useAuditRecords(auditApiFilter(form, asAdministrator), page, asAdministrator);
  return (
    <Stack gap="sm">
      <PageHeader
        title="Audit trail"
        actions={list.isFetching && <Loader size="sm" aria-label="Loading records" />}
      />
      <AuditFilterBar key={search.toString()} form={form} asAdministrator={asAdministrator} onFilter={go} />
      {!list.data ? (
        <DataState error={list.error} />
      ) : list.data.data.length === 0 ? (
        <Text c="dimmed">No records</Text>
      ) : (
        <>
          <DataTable
            testId="audit-table"
            minWidth={900}
            columns={['Time', 'Team', 'User', 'Action', 'Subject', 'Study', 'Address', 'Outcome']}
          >
            {list.data.data.map((r) => (
              <Table.Tr key={r.id} data-testid="audit-row">
                <Table.Td>{formatDate(r.created_at)}</Table.Td>
                <Table.Td>{r.team?.slug ?? ''}</Table.Td>
                <Table.Td>
                  {r.actor ?? ''}
                  {r.api_user_id !== null && (
                    <Badge size="xs" ml={4}>
                      API
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{r.action}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  {[r.subject_type, r.subject ?? r.subject_id].filter(Boolean).join(' ')}
                </Table.Td>
                <Table.Td>{r.study_id ?? ''}</Table.Td>
                <Table.Td>{r.remote_address ?? ''}</Table.Td>
                <Table.Td>{r.outcome}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <ListPagination
            total={list.data.total}
            perPage={AUDIT_PAGE_SIZE}
            page={page}
            onChange={(p) => go(form, p)}
            label="Audit pages"
          />
        </>
      )}
    </Stack>
  );
}
