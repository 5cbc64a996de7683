import { Anchor, Table, Text } from '@mantine/core';
import type { StructureDetail } from '@voxa/contracts';
import { Link } from 'react-router';
import { DataTable } from '../../ui/DataTable';
import { structurePath } from './paths';

export interface StructureClassesProps {
  classes: StructureDetail['classes'];
}

/** A multi-class structure's label map: each label value and the structure it stands for. */
export function StructureClasses({ classes }: StructureClassesProps) {
  return (
    <>
      <Text fw={600} mt="lg">
        Classes ({classes.length})
      </Text>
      <DataTable testId="structure-classes" minWidth={420} columns={['Value', 'Class', 'Slug']}>
        {classes.map((c) => (
          <Table.Tr key={c.value} data-testid="structure-class">
            <Table.Td>{c.value}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={structurePath(c.slug)}>
                {c.title}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {c.slug}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </>
  );
}
