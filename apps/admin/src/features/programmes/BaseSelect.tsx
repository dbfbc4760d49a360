import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useState } from 'react';
import { programmeKeys, searchProgrammeBases } from './programmes-api.ts';

/**
 * An experience base of the site, searched by name on the server (bases learners do not see
 * yet are marked); the chosen one stays named whatever the words.
 */
export function BaseSelect({
  value,
  onChange,
  id,
  placeholder = '输入基地名称搜索',
  allowClear,
  style,
  'aria-label': ariaLabel,
}: {
  value?: number | null;
  onChange?: (value: number | undefined) => void;
  id?: string;
  placeholder?: string;
  allowClear?: boolean;
  style?: CSSProperties;
  'aria-label'?: string;
}) {
  const [words, setWords] = useState('');
  const options = useQuery({
    queryKey: programmeKeys.bases(words, value ?? 0),
    queryFn: () => searchProgrammeBases(words, value ?? undefined),
    placeholderData: (previous) => previous,
  });
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      allowClear={allowClear}
      showSearch={{ filterOption: false, onSearch: setWords }}
      placeholder={placeholder}
      value={value ?? undefined}
      onChange={(chosen?: number) => onChange?.(chosen ?? undefined)}
      loading={options.isFetching}
      notFoundContent={options.isPending ? '搜索中…' : '没有找到这个体验基地'}
      style={style}
      options={(options.data ?? []).map((base) => ({
        value: base.id,
        label: base.published
          ? `${base.name}（${base.address}）`
          : `${base.name}（${base.address}，学员尚看不到）`,
      }))}
    />
  );
}
