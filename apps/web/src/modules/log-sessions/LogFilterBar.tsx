import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { saveFile } from '../../lib/saveFile';
import { notifyError } from '../../ui/notify';
import { apiFilter, formFromSearch, searchFromForm, type LogFilterForm } from './filters';
import { downloadLogCsv } from './useLogSessionsApi';

/** The filters in the address, read once per render. */
export function useLogFilter() {
  const [search, setSearch] = useSearchParams();
  const form = formFromSearch(search);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const go = (next: LogFilterForm, nextPage = 1) => setSearch(searchFromForm(next, nextPage));
  return { form, filter: apiFilter(form), page, go, query: searchFromForm(form) };
}

/** User, path and day filters, the sessions/events switch and the CSV download of what they select. */
export function LogFilterBar() {
  const { form, filter, go, query } = useLogFilter();
  const [draft, setDraft] = useState(form);
  const [downloading, setDownloading] = useState(false);
  const set = (key: keyof LogFilterForm) => (e: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: e.currentTarget.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go(draft);
  };
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadLogCsv(filter), 'log-events.csv');
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };
  const suffix = query.size ? `?${query.toString()}` : '';
  return (
    <form onSubmit={submit} aria-label="Log filters">
      <Group align="end" gap="sm" wrap="wrap">
        <TextInput label="User" placeholder="Name or e-mail" value={draft.user} onChange={set('user')} />
        <TextInput
          label="Path contains"
          placeholder="/studies-v2"
          value={draft.path}
          onChange={set('path')}
        />
        <TextInput label="From" type="date" value={draft.fromDay} onChange={set('fromDay')} />
        <TextInput label="To" type="date" value={draft.toDay} onChange={set('toDay')} />
        <Button type="submit">Filter</Button>
        <Button variant="default" loading={downloading} onClick={() => void download()}>
          Download CSV
        </Button>
      </Group>
      <Group gap="md" mt="sm">
        <Anchor component={Link} to={`/admin/log${suffix}`}>
          Sessions
        </Anchor>
        <Anchor component={Link} to={`/admin/log/table${suffix}`}>
          Events
        </Anchor>
      </Group>
    </form>
  );
}
