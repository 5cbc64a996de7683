import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { AUDIT_ACTIONS } from '@voxa/contracts';
import { useState, type FormEvent } from 'react';
import { saveFile } from '../../lib/saveFile';
import { notifyError } from '../../ui/notify';
import { useAdminTeams } from '../admin/useAdminApi';
import { auditApiFilter, type AuditFilterForm } from './filters';
import { downloadAudit } from './useAuditApi';

export interface AuditFilterBarProps {
  form: AuditFilterForm;
  asAdministrator: boolean;
  onFilter: (form: AuditFilterForm) => void;
}

/** Team (administrators), user, study, action and day filters, and the exports of what they select. */
export function AuditFilterBar({ form, asAdministrator, onFilter }: AuditFilterBarProps) {
  const [draft, setDraft] = useState(form);
  const [downloading, setDownloading] = useState<'csv' | 'fhir' | null>(null);
  const set = (key: keyof AuditFilterForm) => (e: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: e.currentTarget.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onFilter(draft);
  };
  const download = async (format: 'csv' | 'fhir') => {
    setDownloading(format);
    try {
      const blob = await downloadAudit(format, auditApiFilter(form, asAdministrator), asAdministrator);
      saveFile(blob, format === 'csv' ? 'audit-trail.csv' : 'audit-trail.fhir.json');
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(null);
    }
  };
  return (
    <form onSubmit={submit} aria-label="Audit filters">
      <Group align="end" gap="sm" wrap="wrap">
        {asAdministrator && <TeamSelect value={draft.team} onChange={set('team')} />}
        <TextInput label="User" placeholder="Name or e-mail" value={draft.user} onChange={set('user')} />
        <TextInput label="Study id" inputMode="numeric" w={110} value={draft.study} onChange={set('study')} />
        <NativeSelect
          label="Action"
          data={[{ value: '', label: 'Any' }, ...AUDIT_ACTIONS]}
          value={draft.action}
          onChange={set('action')}
        />
        <TextInput label="From" type="date" value={draft.fromDay} onChange={set('fromDay')} />
        <TextInput label="To" type="date" value={draft.toDay} onChange={set('toDay')} />
        <Button type="submit">Filter</Button>
        <Button variant="default" loading={downloading === 'csv'} onClick={() => void download('csv')}>
          Download CSV
        </Button>
        <Button variant="default" loading={downloading === 'fhir'} onClick={() => void download('fhir')}>
          Download FHIR
        </Button>
      </Group>
    </form>
  );
}

function TeamSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (e: { currentTarget: { value: string } }) => void;
}) {
  const teams = useAdminTeams('');
  const options = (teams.data ?? []).map((t) => ({ value: String(t.id), label: t.title }));
  return (
    <NativeSelect
      label="Team"
      data={[{ value: '', label: 'All teams' }, ...options]}
      value={value}
      onChange={onChange}
    />
  );
}
