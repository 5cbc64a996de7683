import { ActionIcon } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { STUDIES_PATH } from './paths';
import { studiesQueryFrom, studiesSearch } from './studiesQuery';
import { STUDIES_KEY } from './useStudiesApi';

/** The header's reload button on /studies-v2: page 1 of the list again, fetched anew, filters kept. */
export function ReloadStudiesButton() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  if (pathname !== STUDIES_PATH && pathname !== `${STUDIES_PATH}/`) return null;
  const reload = () => {
    void navigate(STUDIES_PATH + studiesSearch({ ...studiesQueryFrom(search), page: 1 }));
    void client.invalidateQueries({ queryKey: STUDIES_KEY });
  };
  return (
    <ActionIcon variant="subtle" size="lg" aria-label="Reload studies" onClick={reload}>
      <span aria-hidden>⟳</span>
    </ActionIcon>
  );
}
