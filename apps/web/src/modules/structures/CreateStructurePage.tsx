import { Card, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { notifySuccess } from '../../ui/notify';
import { structurePath } from './paths';
import { StructureForm } from './StructureForm';
import { useStructureChanges } from './useStructuresApi';

/** /structures/create (r:structures): a structure of the team's own; its slug comes from its title. */
export function CreateStructurePage() {
  const navigate = useNavigate();
  const { create } = useStructureChanges();
  return (
    <Stack maw={560}>
      <PageHeader title="New structure" />
      <Card withBorder>
        <StructureForm
          initial={{ title: '', category: null, slug: '' }}
          slugMode="derived"
          submitLabel="Create structure"
          pending={create.isPending}
          error={create.error}
          onSubmit={(values) =>
            create.mutate(
              { title: values.title, category: values.category },
              {
                onSuccess: (structure) => {
                  notifySuccess(`Structure ${structure.title} has been created`);
                  void navigate(structurePath(structure.slug));
                },
              },
            )
          }
        />
      </Card>
    </Stack>
  );
}
