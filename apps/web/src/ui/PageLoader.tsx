import { Center, Loader } from '@mantine/core';

export function PageLoader() {
  return (
    <Center mih={200} data-testid="page-loader">
      <Loader size="md" aria-label="Loading" />
    </Center>
  );
}
