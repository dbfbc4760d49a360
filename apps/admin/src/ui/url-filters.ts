import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address (so a filtered list can be shared and reloaded): read
 * as numbers or text, and changed together; any change but the page's goes back to page 1.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const number = (key: string) => {
    const value = Number(params.get(key));
    return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  };
  const text = (key: string) => params.get(key) || undefined;
  const setFilter = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return { params, number, text, setFilter };
}

/** The table pagination of a server-paged list whose page lives in the address. */
export function serverPaging(
  page: { page: number; total: number } | undefined,
  current: number | undefined,
  size: number,
  unit: string,
  setFilter: (changes: Record<string, string | undefined>) => void,
) {
  return {
    current: page?.page ?? current,
    pageSize: size,
    total: page?.total ?? 0,
    showSizeChanger: false,
    showTotal: (total: number) => `共 ${total} ${unit}`,
    onChange: (next: number) => setFilter({ page: String(next) }),
  };
}
