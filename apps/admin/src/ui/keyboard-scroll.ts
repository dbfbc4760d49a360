import { type RefObject, useEffect } from 'react';

/**
 * Lets the keyboard scroll a wide table sideways: antd's scroll container (`.ant-table-content`,
 * or the body of a fixed-header table) inside `ref` becomes a focusable, named region, as a
 * region that scrolls must be (a list whose rows hold nothing to tab to could not be scrolled
 * without a mouse otherwise). Re-applied whenever `version` changes (the rows were read again).
 */
export function useKeyboardScroll(
  ref: RefObject<HTMLElement | null>,
  label: string,
  version: unknown,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-applies on purpose
  useEffect(() => {
    for (const region of ref.current?.querySelectorAll<HTMLElement>(
      '.ant-table-content, .ant-table-body',
    ) ?? []) {
      region.tabIndex = 0;
      region.setAttribute('role', 'region');
      region.setAttribute('aria-label', label);
    }
  }, [ref, label, version]);
}
