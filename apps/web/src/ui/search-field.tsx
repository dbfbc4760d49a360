import type { FormEvent } from 'react';
import { LineIcon } from './line-icon.tsx';
import './search-field.css';

/**
 * A search form (`<search>`): the field, named `label` for screen readers, and 搜索. `onSearch`
 * gets the trimmed words; the keyboard goes away so the results show.
 */
export function SearchField({
  label,
  value,
  onChange,
  onSearch,
  placeholder,
  maxLength,
  name = 'keyword',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSearch: (words: string) => void;
  placeholder?: string;
  maxLength?: number;
  name?: string;
}) {
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(value.trim());
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  };
  return (
    <search>
      <form className="search-field" onSubmit={handleSubmit}>
        <label className="search-field-box">
          <LineIcon d="M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 20 20" size={20} />
          <span className="sr-only">{label}</span>
          <input
            type="search"
            name={name}
            enterKeyHint="search"
            autoComplete="off"
            maxLength={maxLength}
            placeholder={placeholder}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        </label>
        <button type="submit" className="search-field-button">
          搜索
        </button>
      </form>
    </search>
  );
}
