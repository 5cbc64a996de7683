import { Anchor, Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../ui/Logo';
import { useToken } from '../session/useToken';

/** Top bar of the public pages. */
export function SiteHeader() {
  const token = useToken();
  return (
    <Container size="lg" py="md" component="header">
      <Group justify="space-between">
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Voxa home">
          <Logo />
        </Anchor>
        <Group gap="sm">
          {token ? (
            <Button component={Link} to="/dashboard">
              Go to dashboard
            </Button>
          ) : (
            <>
              <Button component={Link} to="/login" variant="default">
                Login
              </Button>
              <Button component={Link} to="/register">
                Register
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Container>
  );
}
