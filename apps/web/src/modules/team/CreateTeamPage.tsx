import { Button, Card, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import * as api from '@voxa/contracts/areas';
import { slugFromTitle } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { useRefetchUser } from '../../app/session/useUser';
import { call } from '../../lib/api';
import { fieldError, formMessage } from '../../lib/formErrors';
import { goToTeam } from '../../lib/handoff';
import { baseDomain } from '../../lib/host';
import { FormAlert } from '../../ui/FormAlert';
import { PageHeader } from '../../ui/PageHeader';
import { useSlugCheck } from './useSlugCheck';

export function CreateTeamPage() {
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const check = useSlugCheck(slug);
  const refetchUser = useRefetchUser();
  const create = useMutation({
    mutationFn: () => call(api.teams.create, { body: { title, slug } }),
    onSuccess: async (team) => {
      await refetchUser();
      await goToTeam(team.slug);
    },
  });

  const onTitle = (value: string) => {
    setTitle(value);
    if (!slugEdited) setSlug(slugFromTitle(value));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.state !== 'problem' && title.trim()) create.mutate();
  };

  return (
    <Stack maw={560}>
      <PageHeader title="Create team" />
      <Card withBorder>
        <form onSubmit={submit} noValidate>
          <Stack>
            <FormAlert message={formMessage(create.error)} />
            <TextInput
              label="Team name"
              required
              value={title}
              onChange={(e) => onTitle(e.currentTarget.value)}
              error={fieldError(create.error, 'title')}
            />
            <TextInput
              label="Address"
              required
              value={slug}
              onChange={(e) => {
                setSlugEdited(true);
                setSlug(e.currentTarget.value.toLowerCase());
              }}
              rightSection={check.state === 'checking' ? <Loader size="xs" /> : null}
              description={`The team opens at ${slug || 'your-team'}.${baseDomain()}`}
              error={check.state === 'problem' ? check.message : fieldError(create.error, 'slug')}
            />
            {check.state === 'free' && (
              <Text size="sm" c="green" role="status">
                This address is available.
              </Text>
            )}
            <Button
              type="submit"
              loading={create.isPending}
              disabled={!title.trim() || check.state === 'problem' || check.state === 'empty'}
            >
              Create team
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
