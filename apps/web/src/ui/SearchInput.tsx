import { TextInput } from '@mantine/core';

export interface SearchInputProps {
  value: string;
  onChange: (value: string) => void;
  label?: string;
}

export function SearchInput({ value, onChange, label = 'Search' }: SearchInputProps) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder="Name or e-mail"
      maw={360}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
