import { Card, SimpleGrid, Text } from '@mantine/core';
import type { Permission } from '@voxa/contracts';
import { Link } from 'react-router';
import { useCan } from '../../app/session/usePermissions';
import { PageHeader } from '../../ui/PageHeader';

const SECTIONS: { to: string; title: string; text: string; permission: Permission }[] = [
  { to: '/admin/users', title: 'Users', text: 'Every account, its teams and roles.', permission: 'r:users' },
  { to: '/admin/teams', title: 'Teams', text: 'Every team and its size.', permission: 'r:teams' },
  {
    to: '/admin/invitations',
    title: 'Invitations',
    text: 'Invitations of all teams.',
    permission: 'r:invitations',
  },
  {
    to: '/admin/roles',
    title: 'Roles',
    text: 'The roles of all teams and what they grant.',
    permission: 'r:roles',
  },
  {
    to: '/admin/permissions',
    title: 'Permissions',
    text: 'One team’s permissions by role.',
    permission: 'r:permissions',
  },
  {
    to: '/admin/structures-x',
    title: 'Structures',
    text: 'The global structure catalogue every team reads.',
    permission: 'admin',
  },
  {
    to: '/admin/ai-workers',
    title: 'AI workers',
    text: 'The team’s AI workers, their tokens and jobs.',
    permission: 'r:ai-workers',
  },
  {
    to: '/admin/batch-infer',
    title: 'Batch inference',
    text: 'One AI model over many studies, and the batches’ progress.',
    permission: 'r:ai-infers',
  },
  {
    to: '/admin/ai-model-configuration',
    title: 'AI model configuration',
    text: 'Which workers serve each model; the team’s defaults.',
    permission: 'r:ai-model-configuration',
  },
  {
    to: '/admin/masterarbeit',
    title: 'Research datasets',
    text: 'A team’s anonymised studies and masks as an nnU-Net dataset, zipped.',
    permission: 'admin',
  },
  {
    to: '/admin/commander',
    title: 'File commander',
    text: 'Server folders side by side: copy, move, zip, unzip, delete.',
    permission: 'admin',
  },
  {
    to: '/admin/xr-workers',
    title: 'XR workers',
    text: 'The team’s headsets and viewers, their tokens and state.',
    permission: 'r:xr-workers',
  },
  {
    to: '/admin/xr-sessions',
    title: 'XR sessions',
    text: 'Series opened on the team’s XR workers.',
    permission: 'r:xr-sessions',
  },
  {
    to: '/modules',
    title: 'Modules',
    text: 'The platform’s parts and their health: database, queue, dcm2niix, workers, storage.',
    permission: 'admin',
  },
  {
    to: '/user-switch',
    title: 'Act as a user',
    text: 'See Voxa as another user sees it.',
    permission: 'admin',
  },
];

export function AdminPage() {
  const has = useCan();
  return (
    <>
      <PageHeader title="Admin" />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {SECTIONS.filter((s) => has(s.permission)).map((s) => (
          <Card key={s.to} withBorder component={Link} to={s.to}>
            <Text fw={600}>{s.title}</Text>
            <Text size="sm" c="dimmed">
              {s.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
