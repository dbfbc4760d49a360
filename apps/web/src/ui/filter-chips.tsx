import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import './chips.css';

/** One filter of a {@link FilterChips} row: its value, its words and how many it finds. */
export interface ChipOption<T> {
  value: T;
  label: ReactNode;
  count?: number;
}

/**
 * A row of filter chips (a fieldset of toggle buttons, `aria-pressed`, named by `legend` for
 * screen readers), every option in view at once. `look` adds chips.css variants: `large`,
 * `pill`, `soft`.
 */
export function FilterChips<T extends string | number | null>({
  legend,
  options,
  value,
  onChange,
  look = [],
  className,
  children,
}: {
  legend: string;
  options: readonly ChipOption<T>[];
  value: T;
  onChange: (value: T) => void;
  look?: readonly ('large' | 'pill' | 'soft')[];
  /** The page's own name for the row (its layout, tests). */
  className?: string;
  /** More at the end of the row (a count). */
  children?: ReactNode;
}) {
  return (
    <fieldset className={['chip-row', ...look, className].filter(Boolean).join(' ')}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={String(option.value)}
            type="button"
            className={active ? 'chip active' : 'chip'}
            aria-pressed={active}
            onClick={() => onChange(option.value)}
          >
            {option.label}
            {option.count !== undefined ? <span className="chip-count">{option.count}</span> : null}
          </button>
        );
      })}
      {children}
    </fieldset>
  );
}

/** The white bar of filters under a list page's header. */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="filter-bar">{children}</div>;
}

/** A filter's value in the address; undefined (or null, '') is 全部 and left out. */
type FilterValue = string | number | null | undefined;

/** A list's filters as an address query: those that are empty (全部) or at their default left out. */
export function filterSearch<F extends Record<string, FilterValue>>(
  filters: F,
  defaults: Partial<F> = {},
) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '' || value === defaults[name]) continue;
    search.set(name, String(value));
  }
  return search;
}

/**
 * A list's filters kept in the address (`?kind=&status=`), so a filtered list is shareable and
 * survives a visit to a detail: `read` takes them from the query, `update` changes the ones it
 * names (undefined or null for 全部), keeps the others and replaces the address. `filtered` is
 * true while any filter is set.
 */
export function useFilterParams<F extends Record<string, FilterValue>>(
  read: (params: URLSearchParams) => F,
  defaults?: Partial<F>,
) {
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  const update = (next: { [K in keyof F]?: F[K] | null }) =>
    setParams(filterSearch({ ...filters, ...next }, defaults), { replace: true });
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return { filters, update, filtered };
}
