import type { PlaceCategory } from '@portal/contract';
import { PLACE_CATEGORIES, PLACE_CATEGORY_NAMES } from '@portal/contract/constants';

/** 全部 / 学习点 / 学校 / 体验基地 / 人文行走: the map's category filter. */
export function CategoryChips({
  value,
  onChange,
}: {
  value: PlaceCategory | null;
  onChange: (category: PlaceCategory | null) => void;
}) {
  const options: Array<[PlaceCategory | null, string]> = [
    [null, '全部'],
    ...PLACE_CATEGORIES.map((c): [PlaceCategory, string] => [c, PLACE_CATEGORY_NAMES[c]]),
  ];
  return (
    <fieldset className="chip-row map-categories">
      <legend className="sr-only">地点类别</legend>
      {options.map(([category, label]) => (
        <button
          key={label}
          type="button"
          className={category === value ? 'chip active' : 'chip'}
          aria-pressed={category === value}
          onClick={() => onChange(category)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
