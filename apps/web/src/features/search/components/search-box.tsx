import { type FormEvent, useId, useState } from 'react';
import { SEARCH_QUERY_MAX } from '../recent-terms.ts';

/**
 * The search form: a large search field and a 搜索 button. An empty or blank query is not sent;
 * the field says why instead.
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
      <form className="search-box" onSubmit={handleSubmit}>
        <label className="sr-only" htmlFor={`${hintId}-q`}>
          搜索内容
        </label>
        <input
          id={`${hintId}-q`}
          className="search-box-input"
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
        <button className="search-box-submit" type="submit">
          搜索
        </button>
        {blank ? (
          <p id={hintId} className="search-box-hint" role="alert">
            请输入搜索内容
          </p>
        ) : null}
      </form>
    </search>
  );
}
