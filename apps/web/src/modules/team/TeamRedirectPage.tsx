import { useEffect } from 'react';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/errors/NotFoundPage';
import { useToken } from '../../app/session/useToken';
import { useUser } from '../../app/session/useUser';
import { goToTeam } from '../../lib/handoff';
import { currentTeamSlug } from '../../lib/host';
import { PageLoader } from '../../ui/PageLoader';

/**
 * The catch-all `/:team`: on the base domain, `/acme` opens team acme's dashboard for a signed-in
 * member. Anyone else, and every such path on a team sub-domain, gets the 404 page.
 */
export function TeamRedirectPage() {
  const { team = '' } = useParams();
  const token = useToken();
  const { data: user, isPending } = useUser();
  const slug = team.toLowerCase();
  const member = !currentTeamSlug() && Boolean(user?.teams.some((t) => t.slug === slug));

  useEffect(() => {
    if (member) void goToTeam(slug);
  }, [member, slug]);

  if (member || (token && isPending && !currentTeamSlug())) return <PageLoader />;
  return <NotFoundPage />;
}
