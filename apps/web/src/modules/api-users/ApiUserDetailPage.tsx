import { Badge, Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ApiToken } from '@voxa/contracts';
import { Navigate, useParams } from 'react-router';
import { formatDate, formatRelative } from '../../lib/format';
import { idParam } from '../../lib/idParam';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataState } from '../../ui/DataState';
import { DataTable } from '../../ui/DataTable';
import { DetailField } from '../../ui/DetailField';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { NewTokenForm } from './NewTokenForm';
import { useApiUser, useApiUserChanges } from './useApiUsersApi';

const STATE_COLOURS: Record<ApiToken['state'], string> = { active: 'green', expired: 'gray', revoked: 'red' };

/**
 * /admin/api/detail/:id? (r:api-users): one API user, its role and its tokens (state, expiry, last use);
 * tokens are created (secret shown once) and revoked here. Without an id, the list is the page to go to.
 */
export function ApiUserDetailPage() {
  const id = idParam(useParams().id);
  const detail = useApiUser(id);
  const { revokeToken } = useApiUserChanges();
  if (id === null) return <Navigate to="/admin/api/users" replace />;
  if (!detail.data) return <DataState error={detail.error} />;
  const user = detail.data;
  return (
    <Stack data-testid="api-user-detail">
      <PageHeader
        title={user.name}
        actions={detail.isFetching && <Loader size="sm" aria-label="Loading the API user" />}
      />
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DetailField label="Role">
            <Text size="sm" data-testid="api-user-role">
              {user.role.name}
            </Text>
          </DetailField>
          <DetailField label="Created">{formatDate(user.created_at)}</DetailField>
          <DetailField label="Last used">
            {user.last_used_at ? formatRelative(user.last_used_at) : 'Never'}
          </DetailField>
        </SimpleGrid>
      </Card>
      <Title order={4}>Tokens</Title>
      <NewTokenForm apiUserId={user.id} />
      {user.tokens.length === 0 ? (
        <Text c="dimmed" data-testid="api-tokens-empty">
          No tokens yet.
        </Text>
      ) : (
        <DataTable
          testId="api-tokens"
          minWidth={720}
          columns={['Name', 'Token', 'State', 'Expires', 'Last used', '']}
        >
          {user.tokens.map((token) => (
            <Table.Tr key={token.id} data-testid="api-token" data-name={token.name} data-state={token.state}>
              <Table.Td>{token.name}</Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm">{`${token.prefix}…`}</Text>
              </Table.Td>
              <Table.Td>
                <Badge color={STATE_COLOURS[token.state]} variant="light">
                  {token.state}
                </Badge>
              </Table.Td>
              <Table.Td>{token.expires_at ? formatDate(token.expires_at) : 'Never'}</Table.Td>
              <Table.Td data-testid="api-token-last-used">
                {token.last_used_at ? formatRelative(token.last_used_at) : 'Never'}
              </Table.Td>
              <Table.Td>
                {token.state === 'active' && (
                  <ConfirmButton
                    label="Revoke"
                    ariaLabel={`Revoke ${token.name}`}
                    question={`Revoke ${token.name}? Scripts using it get 401 from now on.`}
                    onConfirm={() =>
                      revokeToken.mutate(
                        { apiUserId: user.id, tokenId: token.id },
                        {
                          onSuccess: () => notifySuccess(`${token.name} has been revoked`),
                          onError: notifyError,
                        },
                      )
                    }
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    </Stack>
  );
}
