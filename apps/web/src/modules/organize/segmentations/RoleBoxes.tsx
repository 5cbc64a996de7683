import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Segmentation } from '@voxa/contracts';
import { roleBoxes, type RoleBox } from './rules';
import { useAssignableRoles, useRemoveUser } from './useSegmentationsApi';

export interface RoleBoxesProps {
  studyUuid: string;
  segmentation: Segmentation;
  onAdd: (box: RoleBox) => void;
}

/**
 * A box per assignable role with its assigned members (remove, Add user for those who assign). A
 * segmentation that is not shared has no boxes: it is dimmed, marked 'no rbac', each box 'N/A'.
 */
export function RoleBoxes({ studyUuid, segmentation, onAdd }: RoleBoxesProps) {
  const roles = useAssignableRoles();
  const remove = useRemoveUser(studyUuid);
  const shared = segmentation.rbac_enabled;
  const boxes = roleBoxes(roles.data ?? [], shared ? segmentation.roles : {});

  return (
    <Stack gap={4} opacity={shared ? 1 : 0.5} data-testid="role-boxes" data-rbac={shared}>
      <Group gap="xs">
        <Text size="xs" fw={600}>
          Roles
        </Text>
        {!shared && (
          <Badge size="xs" color="gray" variant="outline">
            no rbac
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
        {boxes.map((box) => (
          <Paper
            key={box.roleId}
            withBorder
            p="xs"
            component="section"
            aria-label={`Role ${box.name}`}
            data-testid="role-box"
          >
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={600}>
                {box.name}
              </Text>
              {shared && segmentation.can.assign && (
                <Button size="compact-xs" variant="light" onClick={() => onAdd(box)}>
                  Add user
                </Button>
              )}
            </Group>
            {!shared ? (
              <Text size="xs" c="dimmed">
                N/A
              </Text>
            ) : box.users.length === 0 ? (
              <Text size="xs" c="dimmed">
                Nobody assigned
              </Text>
            ) : (
              box.users.map((user) => (
                <Group key={user.id} justify="space-between" wrap="nowrap" data-testid="role-member">
                  <Text size="sm" truncate title={user.email} data-testid="role-member-name">
                    {user.name}
                  </Text>
                  {segmentation.can.assign && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="sm"
                      aria-label={`Remove ${user.name} from ${box.name}`}
                      onClick={() =>
                        remove.mutate({
                          segmentationId: segmentation.id,
                          userId: user.user_id,
                          roleId: box.roleId,
                        })
                      }
                    >
                      <span aria-hidden>×</span>
                    </ActionIcon>
                  )}
                </Group>
              ))
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
