import { Container } from '@mantine/core';
import { GuardedOutlet } from '../GuardedOutlet';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Simple content pages (contact, subprocessors, get started, 404). */
export function DefaultLayout() {
  return (
    <>
      <SiteHeader />
      <Container size="md" component="main" py="lg" mih="60vh">
        <GuardedOutlet />
      </Container>
      <SiteFooter />
    </>
  );
}
