import type { CreateDeliveryRequestBody, DeliveryResourceDetail } from '@portal/contract';
import { DELIVERY_TEXT_MAX, PHONE_PATTERN } from '@portal/contract/constants';
import { Button, DatePicker, Form, Input, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { ApiError } from '@/platform/request.ts';
import { Callout } from '@/ui/callout.tsx';
import { dateOfDay, dayOf } from '../lib/dates.ts';

interface Values {
  date: Date;
  address: string;
  audience: string;
  organisation: string;
  contactName: string;
  contactPhone: string;
  note: string;
}

/**
 * 申请配送: the date (a picker that starts at the first date the lead time allows), the place,
 * the audience, the organisation and its contact, and a note; checked here with the server's
 * rules, the server's refusal shown above the button.
 */
export function RequestForm({
  resource,
  pending,
  error,
  onSubmit,
}: {
  resource: DeliveryResourceDetail;
  pending: boolean;
  error: unknown;
  onSubmit: (body: CreateDeliveryRequestBody) => void;
}) {
  const [form] = Form.useForm<Values>();
  const [picking, setPicking] = useState(false);
  const earliest = dateOfDay(resource.earliestDate);
  const latest = new Date(earliest.getFullYear() + 1, earliest.getMonth(), earliest.getDate());
  const serverError = error instanceof ApiError ? error.message : null;

  const handleFinish = (values: Values) => {
    onSubmit({
      resourceId: resource.id,
      date: dayOf(values.date),
      address: values.address.trim(),
      audience: Number(values.audience),
      organisation: values.organisation.trim(),
      contactName: values.contactName.trim(),
      contactPhone: values.contactPhone.trim(),
      note: (values.note ?? '').trim(),
    });
  };

  const required = (label: string) => ({
    required: true,
    whitespace: true,
    message: `请填写${label}`,
  });

  return (
    <Form
      form={form}
      className="delivery-form"
      layout="vertical"
      initialValues={{ date: earliest, note: '' }}
      onFinish={handleFinish}
      footer={
        <>
          {serverError ? (
            <Callout tone="danger" compact role="alert" className="delivery-error">
              {serverError}
            </Callout>
          ) : null}
          <Button block type="submit" color="primary" size="large" loading={pending}>
            提交申请
          </Button>
        </>
      }
    >
      <Form.Item
        name="date"
        label="日期"
        trigger="onConfirm"
        description={`须至少提前 ${resource.leadDays} 天，最早可选 ${resource.earliestDate}`}
        onClick={() => setPicking(true)}
        rules={[{ required: true, message: '请选择日期' }]}
      >
        <DatePicker
          visible={picking}
          onClose={() => setPicking(false)}
          min={earliest}
          max={latest}
          title="选择配送日期"
        >
          {(value) => (
            <span className="delivery-picked">{value ? dayOf(value) : '请选择日期'}</span>
          )}
        </DatePicker>
      </Form.Item>
      <Form.Item name="address" label="地点" rules={[required('地点')]}>
        <Input
          placeholder="例如：共和新路街道社区活动中心三楼"
          maxLength={DELIVERY_TEXT_MAX.address}
        />
      </Form.Item>
      <Form.Item
        name="audience"
        label={`人数（${resource.audienceMin}–${resource.audienceMax} 人）`}
        rules={[
          { required: true, message: '请填写人数' },
          {
            validator: (_rule, value: string | undefined) => {
              // An empty field has the message of `required` above.
              if (value === undefined || value === '') return Promise.resolve();
              const n = Number(value);
              if (!Number.isInteger(n) || n < resource.audienceMin || n > resource.audienceMax) {
                return Promise.reject(
                  new Error(`人数须在 ${resource.audienceMin} 到 ${resource.audienceMax} 人之间`),
                );
              }
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input type="number" inputMode="numeric" placeholder="预计参加人数" />
      </Form.Item>
      <Form.Item name="organisation" label="单位名称" rules={[required('单位名称')]}>
        <Input placeholder="社区、学校或单位的名称" maxLength={DELIVERY_TEXT_MAX.organisation} />
      </Form.Item>
      <Form.Item name="contactName" label="联系人" rules={[required('联系人')]}>
        <Input placeholder="联系人姓名" maxLength={DELIVERY_TEXT_MAX.contactName} />
      </Form.Item>
      <Form.Item
        name="contactPhone"
        label="联系电话"
        rules={[
          { required: true, message: '请填写联系电话' },
          { pattern: PHONE_PATTERN, message: '请填写 11 位手机号' },
        ]}
      >
        <Input type="tel" inputMode="tel" placeholder="11 位手机号" maxLength={11} />
      </Form.Item>
      <Form.Item name="note" label="备注">
        <TextArea
          rows={2}
          placeholder="想讲的内容、场地情况等（选填）"
          maxLength={DELIVERY_TEXT_MAX.note}
          showCount
        />
      </Form.Item>
    </Form>
  );
}
