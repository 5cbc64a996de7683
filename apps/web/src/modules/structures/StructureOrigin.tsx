import { Badge } from '@mantine/core';
import type { Structure } from '@voxa/contracts';

export interface StructureOriginProps {
  structure: Pick<Structure, 'team_id' | 'seeded'>;
}

/** Where a structure comes from: seeded into the catalogue, added to it by an administrator, or the team's own. */
export function StructureOrigin({ structure }: StructureOriginProps) {
  if (structure.team_id !== null)
    return (
      <Badge variant="light" color="teal" data-testid="structure-origin">
        Team
      </Badge>
    );
  return (
    <Badge variant="light" color="gray" data-testid="structure-origin">
      {structure.seeded ? 'Seeded' : 'Catalogue'}
    </Badge>
  );
}
