import { Combobox, Group, Pill, PillsInput, ScrollArea, useCombobox } from '@mantine/core';
import type { Label } from '@voxa/contracts';
import { useState, type ReactNode } from 'react';
import { notifyError } from '../../ui/notify';
import { LabelSwatch } from './LabelSwatch';
import { filterLabels, offersNewLabel } from './labelSearch';
import { useCreateLabel, useLabels } from './useLabels';

export interface LabelPickerProps {
  /** The labels the study carries, shown as pills. */
  attached: readonly Label[];
  onAttach: (label: Label) => void;
  onDetach: (label: Label) => void;
  disabled?: boolean;
  /** Field label above the pills; none in a table cell. */
  label?: string;
  width: number;
  /** What a pill shows; its name unless given (the studies list makes it open the label's editor). */
  renderName?: (label: Label) => ReactNode;
}

export const ADD_NEW_LABEL = 'Add new label';
/** Height of the label dropdown (teams-and-account.md section 9). */
export const LABEL_DROPDOWN_HEIGHT = 180;
/** The option value of 'Add new label'; label ids are numbers, so it cannot clash. */
const CREATE = '$create';

/** A study's labels as pills; typing searches the team's labels, and offers a new one when none match. */
export function LabelPicker({
  attached,
  onAttach,
  onDetach,
  disabled = false,
  label,
  width,
  renderName = (l) => l.name,
}: LabelPickerProps) {
  const labels = useLabels();
  const create = useCreateLabel();
  const [search, setSearch] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const all = labels.data ?? [];
  const attachedIds = new Set(attached.map((l) => l.id));
  const options = filterLabels(all, search).filter((l) => !attachedIds.has(l.id));
  const offerNew = offersNewLabel(all, search);

  const attach = (picked: Label) => {
    onAttach(picked);
    setSearch('');
  };
  const submit = (value: string) => {
    if (value !== CREATE) {
      const picked = all.find((l) => String(l.id) === value);
      if (picked) attach(picked);
      return;
    }
    create.mutate(search.trim(), { onSuccess: attach, onError: notifyError });
  };

  return (
    <Combobox store={combobox} onOptionSubmit={submit} disabled={disabled}>
      <Combobox.DropdownTarget>
        <PillsInput
          label={label}
          size="xs"
          w={width}
          disabled={disabled}
          onClick={() => combobox.openDropdown()}
        >
          <Pill.Group>
            {attached.map((l) => (
              <Pill
                key={l.id}
                withRemoveButton={!disabled}
                style={{ borderLeft: `4px solid ${l.color}` }}
                // Mantine hides the remove button from assistive technology; it is the only way to detach.
                removeButtonProps={{ 'aria-label': `Remove label ${l.name}`, 'aria-hidden': false }}
                onRemove={() => onDetach(l)}
                data-testid="label-pill"
              >
                {renderName(l)}
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
      <Combobox.Dropdown hidden={options.length === 0 && !offerNew}>
        <Combobox.Options>
          <ScrollArea.Autosize mah={LABEL_DROPDOWN_HEIGHT} type="scroll">
            {options.map((l) => (
              <Combobox.Option value={String(l.id)} key={l.id}>
                <Group gap={6} wrap="nowrap">
                  <LabelSwatch color={l.color} />
                  {l.name}
                </Group>
              </Combobox.Option>
            ))}
            {offerNew && <Combobox.Option value={CREATE}>{ADD_NEW_LABEL}</Combobox.Option>}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
