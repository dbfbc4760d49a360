import { ArrowLeftOutlined } from '@ant-design/icons';
import type { CampaignAudienceQuery } from '@portal/contract';
import {
  CAMPAIGN_AHEAD_DAYS,
  CAMPAIGN_AUDIENCE_NAMES,
  CAMPAIGN_AUDIENCES,
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_TITLE_MAX,
  INACTIVE_DAYS,
  PARTICIPANT_KIND_NAMES,
  PARTICIPANT_KINDS,
  type ParticipantKind,
} from '@portal/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  Radio,
  Select,
  Skeleton,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { listParticipantItems } from '@/features/participants/api.ts';
import { formatTime } from '@/ui/format.ts';
import { createCampaign, messageKeys, previewAudience, searchTeams } from './api.ts';
import {
  audienceOf,
  type ComposeForm,
  campaignBody,
  fieldOfRefusal,
  initialCompose,
  refusalText,
  sendAtProblem,
  titleFrom,
} from './message-forms.ts';

/** What each audience means, under its choice. */
const AUDIENCE_HINTS: Record<string, string> = {
  site: '本站所有可以接收消息的学员（停用的除外）。',
  item: '某个班级、活动、参观时段、行走场次或直播的报名（预约）学员，不含已取消和未通过的。',
  team: '某个学习团队的全部成员。',
  inactive: `${INACTIVE_DAYS} 天没有登录本站的学员，提醒他们回来学习。`,
};

/** An item of one kind, searched by title on the server (those not ended, soonest first). */
function ItemSelect({
  kind,
  value,
  onChange,
  id,
  knownTitle,
}: {
  kind: ParticipantKind;
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
  knownTitle?: string;
}) {
  const [words, setWords] = useState('');
  const items = useQuery({
    queryKey: ['participants', 'items', { kind, q: words, size: 20, picker: true }],
    queryFn: () => listParticipantItems({ kind, q: words || undefined, size: 20 }),
    placeholderData: (previous) => previous,
  });
  const options = (items.data?.list ?? []).map((item) => ({
    value: item.id,
    label: `${item.title}（${formatTime(item.startAt)}）`,
  }));
  // An item handed by its list (it may have ended): shown by its title.
  if (value && knownTitle && !options.some((option) => option.value === value)) {
    options.unshift({ value, label: knownTitle });
  }
  const name = PARTICIPANT_KIND_NAMES[kind];
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: (text) => setWords(text.trim()) }}
      placeholder={`输入${name}名称搜索`}
      value={value}
      onChange={(chosen) => onChange?.(chosen ?? undefined)}
      loading={items.isFetching}
      notFoundContent={items.isPending ? '搜索中…' : `没有找到未结束的${name}`}
      options={options}
    />
  );
}

/** A team of the site, searched by name (the most active first). */
function TeamSelect({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
}) {
  const [words, setWords] = useState('');
  const teams = useQuery({
    queryKey: messageKeys.teams(words),
    queryFn: () => searchTeams(words),
    placeholderData: (previous) => previous,
  });
  return (
    <Select
      id={id}
      allowClear
      showSearch={{ filterOption: false, onSearch: (text) => setWords(text.trim()) }}
      placeholder="输入团队名称搜索"
      value={value}
      onChange={(chosen) => onChange?.(chosen ?? undefined)}
      loading={teams.isFetching}
      notFoundContent={teams.isPending ? '搜索中…' : '没有找到这个团队'}
      options={(teams.data?.list ?? []).map((team) => ({
        value: team.id,
        label: `${team.name}（${team.memberCount} 人）`,
      }))}
    />
  );
}

/** Who the notice would reach now, asked of the server as the audience changes. */
function useAudience(audience: CampaignAudienceQuery | null) {
  return useQuery({
    queryKey: messageKeys.audience(audience ?? { type: 'site' }),
    queryFn: () => previewAudience(audience ?? { type: 'site' }),
    enabled: audience !== null,
  });
}

function AudiencePreview({ preview }: { preview: ReturnType<typeof useAudience> }) {
  if (!preview.isEnabled) {
    return <Alert type="info" showIcon title="选择项目或团队后，这里显示将收到通知的人数" />;
  }
  if (preview.isPending) return <Skeleton.Input active size="small" block />;
  if (preview.isError) {
    return <Alert type="error" showIcon title="发送对象有误" description={preview.error.message} />;
  }
  const { label, recipients } = preview.data;
  return recipients === 0 ? (
    <Alert
      type="warning"
      showIcon
      title={`${label}现在没有可以接收消息的学员`}
      description="请换一个发送对象。"
    />
  ) : (
    <Alert
      type="success"
      showIcon
      title={
        <span aria-live="polite">
          将发送给{label}，共 <strong>{recipients}</strong> 位学员
        </span>
      }
    />
  );
}

/**
 * 写通知: a notice to the learners of the site or a group of them (the participants of an item,
 * a team, those away for 30 days), with who it reaches shown as it is chosen; sent at once or at
 * a time within 90 days, after a last look at how many it goes to.
 */
export function MessageComposePage() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const location = useLocation();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialCompose(params));
  const knownTitle = titleFrom(location.state);
  const [form] = Form.useForm<ComposeForm>();
  const values = Form.useWatch([], form) as Partial<ComposeForm> | undefined;
  const type = values?.audience ?? initial.audience;
  const kind = values?.kind ?? initial.kind ?? 'class';
  const when = values?.when ?? 'now';
  const audience = audienceOf(values ?? initial);
  const preview = useAudience(audience);
  const create = useMutation({
    mutationFn: (form: ComposeForm) => createCampaign(campaignBody(form)),
    onSuccess: async (row) => {
      message.success(
        row.state === 'scheduled'
          ? `已定时，将于 ${formatTime(row.sendAt)} 发送给${row.audience.label}`
          : `正在发送给${row.audience.label}`,
      );
      await Promise.all([
        client.invalidateQueries({ queryKey: messageKeys.all }),
        client.invalidateQueries({ queryKey: ['audit'] }),
      ]);
      navigate(`/messages/detail?id=${row.id}`);
    },
    onError: (error) => {
      const field = fieldOfRefusal(error.message);
      if (field) form.setFields([{ name: field, errors: [refusalText(error.message)] }]);
      message.error(error.message);
    },
  });
  const handleFinish = (form: ComposeForm) => {
    const reach = preview.data;
    if (!reach) {
      message.error('发送对象的人数还没有算好，请稍候再发送');
      return;
    }
    const time =
      form.when === 'later' && form.sendAt
        ? `将于 ${form.sendAt.toDate().toLocaleString('zh-CN', { hour12: false })} 发送`
        : '立即发送';
    modal.confirm({
      title: `发送给 ${reach.recipients} 位学员？`,
      content: `「${form.title.trim()}」${time}给${reach.label}。发出后不能撤回${form.when === 'later' ? '（发送前可以取消）' : ''}。`,
      okText: form.when === 'later' ? '定时发送' : '立即发送',
      cancelText: '再看看',
      onOk: () => create.mutateAsync(form).catch(() => undefined),
    });
  };
  return (
    <Card
      title={<h1 style={{ fontSize: 18, margin: 0 }}>写通知</h1>}
      extra={
        <Link to="/messages">
          <Button icon={<ArrowLeftOutlined />}>返回消息列表</Button>
        </Link>
      }
    >
      <Form<ComposeForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={handleFinish}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="title"
          label="标题"
          rules={[
            { required: true, whitespace: true, message: '请填写标题' },
            { min: 2, message: '标题至少 2 个字' },
          ]}
        >
          <Input
            maxLength={CAMPAIGN_TITLE_MAX}
            showCount
            placeholder="例如：本周六书法班调课通知"
          />
        </Form.Item>
        <Form.Item
          name="body"
          label="正文"
          extra="学员在「我的消息」里看到全文；请写清时间、地点和要做的事。"
          rules={[
            { required: true, whitespace: true, message: '请填写正文' },
            { min: 2, message: '正文至少 2 个字' },
          ]}
        >
          <Input.TextArea rows={6} maxLength={CAMPAIGN_BODY_MAX} showCount />
        </Form.Item>
        <Form.Item name="audience" label="发送对象" extra={AUDIENCE_HINTS[type ?? 'site']}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            aria-label="发送对象"
            options={CAMPAIGN_AUDIENCES.map((value) => ({
              value,
              label: CAMPAIGN_AUDIENCE_NAMES[value],
            }))}
          />
        </Form.Item>
        {type === 'item' ? (
          <Flex gap={12} wrap>
            <Form.Item name="kind" label="项目类型">
              <Select
                style={{ width: 140 }}
                onChange={() => form.setFieldValue('itemId', undefined)}
                options={PARTICIPANT_KINDS.map((value) => ({
                  value,
                  label: PARTICIPANT_KIND_NAMES[value],
                }))}
              />
            </Form.Item>
            <Form.Item
              name="itemId"
              label={`哪个${PARTICIPANT_KIND_NAMES[kind]}`}
              rules={[
                {
                  required: true,
                  message: `请选择要通知哪个${PARTICIPANT_KIND_NAMES[kind]}的报名学员`,
                },
              ]}
              style={{ flex: 1, minWidth: 260 }}
            >
              <ItemSelect kind={kind} knownTitle={knownTitle} />
            </Form.Item>
          </Flex>
        ) : null}
        {type === 'team' ? (
          <Form.Item
            name="teamId"
            label="哪个团队"
            rules={[{ required: true, message: '请选择要通知的团队' }]}
          >
            <TeamSelect />
          </Form.Item>
        ) : null}
        <div style={{ marginBottom: 24 }}>
          <AudiencePreview preview={preview} />
        </div>
        <Form.Item name="when" label="发送时间">
          <Radio.Group
            aria-label="发送时间"
            options={[
              { value: 'now', label: '立即发送' },
              { value: 'later', label: '定时发送' },
            ]}
          />
        </Form.Item>
        {when === 'later' ? (
          <Form.Item
            name="sendAt"
            label="定时"
            extra={`1 分钟之后到 ${CAMPAIGN_AHEAD_DAYS} 天之内；到时由系统发出，之前可以取消。`}
            rules={[
              {
                validator: (_, value: ComposeForm['sendAt']) => {
                  const problem = sendAtProblem(value?.toDate());
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <DatePicker
              aria-label="定时发送的时间"
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(day) =>
                day.isBefore(dayjs(), 'day') || day.isAfter(dayjs().add(CAMPAIGN_AHEAD_DAYS, 'day'))
              }
              style={{ width: 240 }}
            />
          </Form.Item>
        ) : null}
        <Flex gap={12}>
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending}
            disabled={preview.data?.recipients === 0}
          >
            {when === 'later' ? '定时发送' : '发送'}
          </Button>
          <Link to="/messages">
            <Button>取消</Button>
          </Link>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
          每位学员只收到一次；停用的学员不会收到。发送记入操作日志。
        </Typography.Paragraph>
      </Form>
    </Card>
  );
}
