import type { ReactNode } from 'react';
import './tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

/**
 * A row of tabs (`role=tablist`) over the panel `panelId` (which the caller labels with
 * `tabId(idPrefix, value)`): underlined, or `segmented` round buttons; `inline` drops the white
 * bar, `underHeader` keeps it in view under the page header, `wrap` sets many tabs in rows of
 * four (every one in view, none squeezed).
 */
export function TabList<K extends string>({
  label,
  tabs,
  value,
  onChange,
  idPrefix,
  panelId,
  look = 'underline',
  underHeader = false,
  inline = false,
  wrap = false,
}: {
  label: string;
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  idPrefix: string;
  panelId: string;
  look?: 'underline' | 'segmented';
  underHeader?: boolean;
  inline?: boolean;
  wrap?: boolean;
}) {
  const classes = [
    'tabs',
    look === 'segmented' && 'segmented',
    underHeader && 'under-header',
    inline && 'inline',
    wrap && 'wrap',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          id={tabId(idPrefix, tab.key)}
          aria-selected={tab.key === value}
          aria-controls={panelId}
          className="tab"
          onClick={() => onChange(tab.key)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

/** The id of a tab, for its panel's `aria-labelledby`. */
export const tabId = (idPrefix: string, key: string) => `${idPrefix}-${key}`;
