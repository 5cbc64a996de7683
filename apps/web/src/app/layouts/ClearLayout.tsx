import { Box } from '@mantine/core';
import { GuardedOutlet } from '../GuardedOutlet';

/** No chrome at all: hand-off and maintenance pages. */
export function ClearLayout() {
  return (
    <Box component="main" p="md">
      <GuardedOutlet />
    </Box>
  );
}
