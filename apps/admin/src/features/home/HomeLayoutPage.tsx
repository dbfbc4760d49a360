import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { AdminHomeLayout } from '@portal/contract';
import {
  HOME_ENTRIES_MIN,
  HOME_ENTRY_BADGES,
  HOME_ENTRY_NAMES,
  type HomeEntryKey,
} from '@portal/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, List, Skeleton, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, get, post } from '@/api/client.ts';
import { useOperator } from '@/app/operator.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';

type Entries = AdminHomeLayout['entries'];

/** `entries` with the entry at `from` moved to `to`. */
function moved(entries: Entries, from: number, to: number): Entries {
  const next = [...entries];
  const [entry] = next.splice(from, 1);
  if (entry) next.splice(to, 0, entry);
  return next;
}

/** The grid as a phone shows it: the shown entries, four to a row. */
function PhonePreview({ entries }: { entries: Entries }) {
  const shown = entries.filter((entry) => entry.shown);
  return (
    <section aria-label="手机端预览" style={{ width: 300 }}>
      <Typography.Text type="secondary">手机首页上的样子</Typography.Text>
      <div
        style={{
          marginTop: 8,
          display: 'grid',
          gridTemplateColumns: 'repeat(4, 1fr)',
          gap: 8,
          padding: 12,
          border: '1px solid #d9d9d9',
          borderRadius: 12,
        }}
      >
        {shown.map((entry) => (
          <div key={entry.key} style={{ textAlign: 'center', fontSize: 13 }}>
            <div
              aria-hidden="true"
              style={{
                width: 36,
                height: 36,
                margin: '0 auto 4px',
                borderRadius: 10,
                background: `hsl(${HOME_ENTRY_BADGES[entry.key].hue} 70% 30%)`,
                color: '#fff',
                lineHeight: '36px',
              }}
            >
              {HOME_ENTRY_BADGES[entry.key].glyph}
            </div>
            {HOME_ENTRY_NAMES[entry.key]}
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * 首页设置: the order of home's entries and which are shown (a 站点管理员's), and whether the
 * site's content fills the carousel after the staff's own banners. Saved against the version
 * read: someone else's change first answers 409 and the page shows theirs.
 */
export function HomeLayoutPage() {
  const operator = useOperator();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const layout = useQuery({
    queryKey: ['home-layout'],
    queryFn: () => get<AdminHomeLayout>('/api/admin/home'),
  });
  const [draft, setDraft] = useState<AdminHomeLayout | null>(null);
  useEffect(() => {
    if (layout.data) setDraft(layout.data);
  }, [layout.data]);
  const save = useMutation({
    mutationFn: (value: AdminHomeLayout) =>
      post<AdminHomeLayout>('/api/admin/home/update', {
        version: value.version,
        entries: value.entries.filter((entry) => entry.shown).map((entry) => entry.key),
        fillBanners: value.fillBanners,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['home-layout'], saved);
      queryClient.invalidateQueries({ queryKey: ['audit'] });
      message.success('已保存，手机首页立即生效');
    },
    onError: (error) => {
      message.error(error.message);
      if (error instanceof ApiError && error.stale) layout.refetch();
    },
  });

  const title = <h1 style={{ fontSize: 18, margin: 0 }}>{operator.site.name} · 首页设置</h1>;
  if (layout.isError) {
    return (
      <Card title={title}>
        <LoadFailed what="首页设置" error={layout.error} retry={() => layout.refetch()} />
      </Card>
    );
  }
  if (!draft) {
    return (
      <Card title={title}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const shownCount = draft.entries.filter((entry) => entry.shown).length;
  const changed = JSON.stringify(draft) !== JSON.stringify(layout.data);
  const set = (patch: Partial<AdminHomeLayout>) => setDraft({ ...draft, ...patch });
  const toggle = (key: HomeEntryKey, shown: boolean) =>
    set({
      entries: draft.entries.map((entry) => (entry.key === key ? { ...entry, shown } : entry)),
    });

  return (
    <Card
      title={title}
      extra={
        <Flex gap={8}>
          <Button
            disabled={!changed || save.isPending}
            onClick={() => setDraft(layout.data ?? null)}
          >
            还原
          </Button>
          <Button
            type="primary"
            disabled={!changed || shownCount < HOME_ENTRIES_MIN}
            loading={save.isPending}
            onClick={() => save.mutate(draft)}
          >
            保存
          </Button>
        </Flex>
      }
    >
      <Flex gap={32} align="start" wrap>
        <div style={{ flex: '1 1 420px', minWidth: 360 }}>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            首页入口
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            调整顺序，关闭不需要的入口（至少显示 {HOME_ENTRIES_MIN}{' '}
            个）。关闭的入口仍列在首页底部的“栏目导览”里，学员不会找不到。
          </Typography.Paragraph>
          {shownCount < HOME_ENTRIES_MIN ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={`至少显示 ${HOME_ENTRIES_MIN} 个入口，现在是 ${shownCount} 个`}
            />
          ) : null}
          <List
            bordered
            dataSource={draft.entries}
            renderItem={(entry, index) => {
              const name = HOME_ENTRY_NAMES[entry.key];
              return (
                <List.Item
                  actions={[
                    <Button
                      key="up"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={`${name}上移`}
                      disabled={index === 0}
                      onClick={() => set({ entries: moved(draft.entries, index, index - 1) })}
                    />,
                    <Button
                      key="down"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={`${name}下移`}
                      disabled={index === draft.entries.length - 1}
                      onClick={() => set({ entries: moved(draft.entries, index, index + 1) })}
                    />,
                    <Switch
                      key="shown"
                      checked={entry.shown}
                      aria-label={`显示${name}`}
                      onChange={(shown) => toggle(entry.key, shown)}
                    />,
                  ]}
                >
                  <Typography.Text type={entry.shown ? undefined : 'secondary'}>
                    {index + 1}. {name}
                    {entry.shown ? '' : '（已隐藏）'}
                  </Typography.Text>
                </List.Item>
              );
            }}
          />
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
            轮播图
          </Typography.Title>
          <Flex gap={12} align="center">
            <Switch
              checked={draft.fillBanners}
              aria-label="用站内内容补足轮播图"
              onChange={(fillBanners) => set({ fillBanners })}
            />
            <span>
              用站内内容补足轮播图（人气课程、专题、招生班级等，排在本站轮播图之后，最多 5 张）
            </span>
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            本站自己的轮播图在{' '}
            <Link to="/banners" style={{ textDecoration: 'underline' }}>
              首页轮播图
            </Link>{' '}
            中编辑，审核通过后发布。
          </Typography.Paragraph>
        </div>
        <PhonePreview entries={draft.entries} />
      </Flex>
    </Card>
  );
}
