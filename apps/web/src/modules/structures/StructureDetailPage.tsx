import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../app/session/usePermissions';
import { formatDate } from '../../lib/format';
import { ConfirmButton } from '../../ui/ConfirmButton';
import { DataState } from '../../ui/DataState';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { STRUCTURES_PATH } from './paths';
import { StructureClasses } from './StructureClasses';
import { StructureForm } from './StructureForm';
import { StructureOrigin } from './StructureOrigin';
import { useStructure, useStructureChanges } from './useStructuresApi';

/**
 * /structures/detail/:detail? (`:detail` is the slug): a structure with its classes. The team's own may
 * be changed and deleted (the server refuses while a segmentation names it); the catalogue's are read-only.
 */
export function StructureDetailPage() {
  const { detail = '' } = useParams();
  const structure = useStructure(detail);
  const { update, remove } = useStructureChanges();
  const navigate = useNavigate();
  const can = useCan();
  if (!detail)
    return (
      <Text>
        Choose a structure in the{' '}
        <Anchor component={Link} to={STRUCTURES_PATH}>
          list of structures
        </Anchor>
        .
      </Text>
    );
  if (!structure.data) return <DataState error={structure.error} />;
  const s = structure.data;
  const editable = !s.read_only && can('r:structures');
  const categorySlug = s.category?.slug ?? null;

  return (
    <Stack maw={720} data-testid="structure-detail" data-slug={s.slug}>
      <PageHeader
        title={s.title}
        actions={
          editable && (
            <ConfirmButton
              label="Delete structure"
              question={`Delete the structure ${s.title}?`}
              onConfirm={() =>
                remove.mutate(s.slug, {
                  onSuccess: () => {
                    notifySuccess(`Structure ${s.title} has been deleted`);
                    void navigate(STRUCTURES_PATH);
                  },
                  onError: notifyError,
                })
              }
            />
          )
        }
      />
      <Group gap="lg">
        <StructureOrigin structure={s} />
        <Text size="sm">
          Slug: <code data-testid="structure-detail-slug">{s.slug}</code>
        </Text>
        <Text size="sm" data-testid="structure-detail-category">
          Category: {s.category?.title ?? '—'}
        </Text>
        <Text size="sm" c="dimmed">
          Added {formatDate(s.created_at)}
        </Text>
      </Group>
      {s.read_only ? (
        <Text size="sm" c="dimmed">
          {s.seeded
            ? 'Seeded into the catalogue: read-only, its slug and label values never change.'
            : 'Part of the global catalogue: read-only for teams; administrators manage it.'}
        </Text>
      ) : (
        editable && (
          <Card withBorder>
            <StructureForm
              key={`${s.title}|${categorySlug ?? ''}`}
              initial={{ title: s.title, category: categorySlug, slug: s.slug }}
              slugMode="fixed"
              submitLabel="Save structure"
              pending={update.isPending}
              error={update.error}
              onSubmit={(values) =>
                update.mutate(
                  { slug: s.slug, changes: { title: values.title, category: values.category } },
                  { onSuccess: () => notifySuccess(`Structure ${values.title} has been updated`) },
                )
              }
            />
          </Card>
        )
      )}
      {s.classes.length > 0 && <StructureClasses classes={s.classes} />}
    </Stack>
  );
}
