import { Anchor, Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../ui/Logo';
import { useUser } from '../session/useUser';

export interface SiteHeaderProps {
  /** The home page has its own Login/Register buttons, so its header leaves them out. */
  withActions?: boolean;
}

function HeaderActions() {
  const { data: user } = useUser();
  if (user) {
    return (
      <Button component={Link} to="/dashboard">
        Go to dashboard
      </Button>
    );
  }
  return (
    <Group gap="sm">
      <Button component={Link} to="/login" variant="default">
        Login
      </Button>
      <Button component={Link} to="/register">
        Register
      </Button>
    </Group>
  );
}

/** Top bar of the public pages. */
export function SiteHeader({ withActions = true }: SiteHeaderProps) {
  return (
    <Container size="lg" py="md" component="header">
      <Group justify="space-between">
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Voxa home">
          <Logo />
        </Anchor>
        {withActions && <HeaderActions />}
      </Group>
    </Container>
  );
}
