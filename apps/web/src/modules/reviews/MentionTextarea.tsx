import { Combobox, Textarea, useCombobox } from '@mantine/core';
import type { ReviewPerson } from '@voxa/contracts';
import { useRef, useState } from 'react';
import { insertMention, mentionAt, mentionOptions, type MentionQuery } from './mentions';

export interface MentionTextareaProps {
  value: string;
  onChange: (value: string) => void;
  /** Who may be @mentioned. */
  members: readonly ReviewPerson[];
  disabled?: boolean;
}

/** A comment box that offers the team members matching an '@' being typed, and inserts the chosen name. */
export function MentionTextarea({ value, onChange, members, disabled }: MentionTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const options = mention ? mentionOptions(members, mention.query) : [];

  const track = (text: string, caret: number) => {
    const at = mentionAt(text, caret);
    setMention(at);
    if (at) {
      combobox.openDropdown();
      combobox.updateSelectedOptionIndex();
    } else combobox.closeDropdown();
  };
  const pick = (id: string) => {
    const member = members.find((m) => String(m.id) === id);
    const field = ref.current;
    if (!member || !mention || !field) return;
    const next = insertMention(value, mention, field.selectionStart, member.name);
    onChange(next.text);
    setMention(null);
    combobox.closeDropdown();
    requestAnimationFrame(() => {
      field.focus();
      field.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} position="top-start">
      <Combobox.Target>
        <Textarea
          ref={ref}
          aria-label="Comment"
          placeholder="Comment; @ mentions a team member"
          autosize
          minRows={2}
          maxRows={6}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            track(event.currentTarget.value, event.currentTarget.selectionStart);
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={options.length === 0}>
        <Combobox.Options aria-label="Team members">
          {options.map((m) => (
            <Combobox.Option value={String(m.id)} key={m.id}>
              {m.name}
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
