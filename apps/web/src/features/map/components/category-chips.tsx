import type { PlaceCategory } from '@portal/contract';
import { PLACE_CATEGORIES, PLACE_CATEGORY_NAMES } from '@portal/contract/constants';
import { type ChipOption, FilterChips } from '@/ui/filter-chips.tsx';

const OPTIONS: readonly ChipOption<PlaceCategory | null>[] = [
  { value: null, label: '全部' },
  ...PLACE_CATEGORIES.map((category) => ({
    value: category,
    label: PLACE_CATEGORY_NAMES[category],
  })),
];

/** 全部 / 学习点 / 学校 / 体验基地 / 人文行走: the map's category filter. */
export function CategoryChips({
  value,
  onChange,
}: {
  value: PlaceCategory | null;
  onChange: (category: PlaceCategory | null) => void;
}) {
  return <FilterChips legend="地点类别" options={OPTIONS} value={value} onChange={onChange} />;
}
