import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { AdminWalkStop } from '@portal/contract';
import { WALK_STOPS_MAX, WALK_STOPS_MIN, WALK_STORY_MAX } from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { searchWalkPlaces, walkKeys } from './walks-api.ts';

/** A stop as the form holds it (its story may still be untrimmed). */
type Stop = Pick<AdminWalkStop, 'id' | 'placeId'> & { story?: string };

/** `list` with the entries at `from` and `to` swapped. */
function swapped<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}

/**
 * The stops of a walk in the order walked: the site's walk places (人文行走点) found by name on
 * the server and added one by one, each with its story, then moved up, down or removed. A stop
 * learners have checked in at keeps its row and cannot be removed (`checkins`, by stop id).
 */
export function StopListField({
  value = [],
  onChange,
  id,
  checkins,
}: {
  value?: Stop[];
  onChange?: (value: Stop[]) => void;
  id?: string;
  checkins: ReadonlyMap<number, number>;
}) {
  const [words, setWords] = useState('');
  const chosen = value.map((stop) => stop.placeId);
  const places = useQuery({
    queryKey: walkKeys.places(words, chosen),
    queryFn: () => searchWalkPlaces(words, chosen),
    placeholderData: (previous) => previous,
  });
  const byId = new Map((places.data ?? []).map((place) => [place.id, place]));
  const nameOf = (placeId: number) => byId.get(placeId)?.name ?? `地点 #${placeId}`;
  const full = value.length >= WALK_STOPS_MAX;
  const change = (index: number, stop: Stop) =>
    onChange?.(value.map((entry, at) => (at === index ? stop : entry)));
  return (
    <Flex vertical gap={8}>
      <Select
        id={id}
        showSearch={{ filterOption: false, onSearch: setWords }}
        placeholder={
          full ? `最多 ${WALK_STOPS_MAX} 站` : '输入人文行走点名称搜索，选中后加为下一站'
        }
        disabled={full || undefined}
        value={null}
        onChange={(placeId: number | null) => {
          if (placeId !== null && !chosen.includes(placeId)) {
            onChange?.([...value, { placeId, story: '' }]);
          }
          setWords('');
        }}
        loading={places.isFetching}
        notFoundContent={places.isPending ? '搜索中…' : '没有找到这个人文行走点'}
        options={(places.data ?? [])
          .filter((place) => !chosen.includes(place.id))
          .map((place) => ({ value: place.id, label: `${place.name}（${place.street}）` }))}
      />
      {value.length === 0 ? (
        <Typography.Text type="secondary">
          还没有站点：发布前至少要有 {WALK_STOPS_MIN} 个站点。
        </Typography.Text>
      ) : (
        <ol aria-label="路线站点" className="walk-stops" style={{ margin: 0, paddingLeft: 24 }}>
          {value.map((stop, index) => {
            const name = nameOf(stop.placeId);
            const place = byId.get(stop.placeId);
            const held = stop.id === undefined ? 0 : (checkins.get(stop.id) ?? 0);
            return (
              <li key={stop.id ?? `new-${stop.placeId}`} style={{ marginBottom: 12 }}>
                <Flex align="center" gap={4} justify="space-between">
                  <span>
                    <Typography.Text strong>{name}</Typography.Text>
                    {place ? (
                      <Typography.Text type="secondary">（{place.address}）</Typography.Text>
                    ) : null}
                    {held > 0 ? <Tag color="blue">已有 {held} 人打卡</Tag> : null}
                  </span>
                  <span>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={`上移“${name}”`}
                      disabled={index === 0 || undefined}
                      onClick={() => onChange?.(swapped(value, index, index - 1))}
                    />
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={`下移“${name}”`}
                      disabled={index === value.length - 1 || undefined}
                      onClick={() => onChange?.(swapped(value, index, index + 1))}
                    />
                    <Tooltip title={held > 0 ? `已有 ${held} 人在这一站打卡，不能移除` : undefined}>
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={
                          held > 0 ? `“${name}”已有 ${held} 人打卡，不能移除` : `移除“${name}”`
                        }
                        disabled={held > 0 || undefined}
                        onClick={() => onChange?.(value.filter((_, at) => at !== index))}
                      />
                    </Tooltip>
                  </span>
                </Flex>
                <Input.TextArea
                  aria-label={`第 ${index + 1} 站“${name}”的故事`}
                  placeholder="这一站的故事（纯文本），学员走到这里时读"
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  showCount
                  maxLength={WALK_STORY_MAX}
                  value={stop.story ?? ''}
                  onChange={(event) => change(index, { ...stop, story: event.target.value })}
                />
              </li>
            );
          })}
        </ol>
      )}
    </Flex>
  );
}
