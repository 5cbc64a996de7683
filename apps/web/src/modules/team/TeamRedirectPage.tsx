import { useEffect } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/errors/NotFoundPage';
import { useUser } from '../../app/session/useUser';
import { goToTeam } from '../../lib/handoff';
import { currentTeamSlug } from '../../lib/host';
import { PageLoader } from '../../ui/PageLoader';

/** `/acme` on the base domain opens team acme's dashboard for its members; otherwise a 404. */
export function TeamRedirectPage() {
  const { team = '' } = useParams();
  const { data: user } = useUser();
  const slug = team.toLowerCase();
  const member = !currentTeamSlug() && Boolean(user?.teams.some((t) => t.slug === slug));

  useEffect(() => {
    if (member) void goToTeam(slug);
  }, [member, slug]);

  return member ? <PageLoader /> : <NotFoundPage />;
}
