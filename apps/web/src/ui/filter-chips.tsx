import type { ReactNode } from 'react';
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
