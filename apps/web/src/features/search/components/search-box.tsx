import { type FormEvent, useId, useState } from 'react';
import { Callout } from '@/ui/callout.tsx';
import { LineIcon } from '@/ui/line-icon.tsx';
import '@/ui/search-field.css';
import { SEARCH_QUERY_MAX } from '../recent-terms.ts';

/**
 * The search form in the look of ui's SearchField: the field (focused on the search page) and 搜索.
 * An empty or blank query is not sent; the field says why instead.
 */
export function SearchBox({
  initial = '',
  autoFocus = false,
  onSearch,
}: {
  initial?: string;
  autoFocus?: boolean;
  onSearch: (q: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [blank, setBlank] = useState(false);
  const hintId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    setBlank(q === '');
    if (q !== '') onSearch(q);
  };
  return (
    <search>
      <form className="search-field" onSubmit={handleSubmit}>
        <label className="search-field-box">
          <LineIcon d="M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM15.5 15.5 20 20" size={20} />
          <span className="sr-only">搜索内容</span>
          <input
            type="search"
            name="q"
            enterKeyHint="search"
            placeholder="搜索课程、班级"
            maxLength={SEARCH_QUERY_MAX}
            // biome-ignore lint/a11y/noAutofocus: the search page exists to type a query
            autoFocus={autoFocus}
            value={value}
            aria-invalid={blank}
            aria-describedby={blank ? hintId : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
        </label>
        <button className="search-field-button" type="submit">
          搜索
        </button>
      </form>
      {blank ? (
        <Callout tone="danger" compact role="alert" id={hintId} className="search-hint">
          请输入搜索内容
        </Callout>
      ) : null}
    </search>
  );
}
