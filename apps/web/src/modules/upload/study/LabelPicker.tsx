import { Combobox, Pill, PillsInput, useCombobox } from '@mantine/core';
import type { Label } from '@voxa/contracts';
import { useState } from 'react';
import { notifyError } from '../../../ui/notify';
import { filterLabels, offersNewLabel } from '../state/labels';
import type { PageStudy } from '../state/model';
import { useUpload } from '../uploadContext';
import { useCreateLabel, useLabels } from '../useUploadApi';

export interface LabelPickerProps {
  study: PageStudy;
  disabled: boolean;
}

export const ADD_NEW_LABEL = 'Add new label';
/** The option value of 'Add new label'; label ids are numbers, so it cannot clash. */
const CREATE = '$create';

/** The study's labels as pills; typing searches the team's labels, and offers a new one when none match. */
export function LabelPicker({ study, disabled }: LabelPickerProps) {
  const { dispatch } = useUpload();
  const labels = useLabels();
  const create = useCreateLabel();
  const [search, setSearch] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const all = labels.data ?? [];
  const attachedIds = new Set(study.labels.map((l) => l.id));
  const options = filterLabels(all, search).filter((l) => !attachedIds.has(l.id));

  const attach = (label: Label) => {
    dispatch({ type: 'labelAttached', studyId: study.id, label });
    setSearch('');
  };
  const submit = (value: string) => {
    if (value !== CREATE) {
      const label = all.find((l) => String(l.id) === value);
      if (label) attach(label);
      return;
    }
    create.mutate(search.trim(), { onSuccess: attach, onError: notifyError });
  };

  return (
    <Combobox store={combobox} onOptionSubmit={submit} disabled={disabled}>
      <Combobox.DropdownTarget>
        <PillsInput
          label="Labels"
          size="xs"
          w={260}
          disabled={disabled}
          onClick={() => combobox.openDropdown()}
        >
          <Pill.Group>
            {study.labels.map((label) => (
              <Pill
                key={label.id}
                withRemoveButton={!disabled}
                style={{ borderLeft: `4px solid ${label.color}` }}
                onRemove={() => dispatch({ type: 'labelDetached', studyId: study.id, labelId: label.id })}
              >
                {label.name}
              </Pill>
            ))}
            <Combobox.EventsTarget>
              <PillsInput.Field
                aria-label="Search labels"
                placeholder="Search labels"
                value={search}
                disabled={disabled}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  combobox.updateSelectedOptionIndex();
                  setSearch(event.currentTarget.value);
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown hidden={options.length === 0 && !offersNewLabel(all, search)}>
        <Combobox.Options>
          {options.map((label) => (
            <Combobox.Option value={String(label.id)} key={label.id}>
              {label.name}
            </Combobox.Option>
          ))}
          {offersNewLabel(all, search) && <Combobox.Option value={CREATE}>{ADD_NEW_LABEL}</Combobox.Option>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
