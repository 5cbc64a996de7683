import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';

export interface DebouncedSearchProps {
  /** The search applied now (from the address). */
  value: string | undefined;
  /** Called once the typing pauses, with the trimmed text, or undefined when it is empty. */
  onSearch: (search: string | undefined) => void;
  placeholder: string;
  /** The field's label, when it searches one thing (a model code) rather than the list as a whole. */
  label?: string;
}

/** A list's search field: shows each key at once, searches once the typing pauses (300 ms). */
export function DebouncedSearch({ value, onSearch, placeholder, label = 'Search' }: DebouncedSearchProps) {
  const [text, setText] = useState(value ?? '');
  const search = useDebouncedCallback((typed: string) => onSearch(typed.trim() || undefined), 300);
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      w={260}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        search(e.currentTarget.value);
      }}
    />
  );
}
