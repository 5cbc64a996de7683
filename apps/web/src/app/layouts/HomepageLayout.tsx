import { Box } from '@mantine/core';
import { GuardedOutlet } from '../GuardedOutlet';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** The public home page: header with Login/Register, full-width content, footer. */
export function HomepageLayout() {
  return (
    <Box mih="100vh">
      <SiteHeader withActions={false} />
      <Box component="main">
        <GuardedOutlet />
      </Box>
      <SiteFooter />
    </Box>
  );
}
