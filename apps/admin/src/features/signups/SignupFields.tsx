import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  SIGNUP_FIELD_LABEL_MAX,
  SIGNUP_FIELD_OPTION_MAX,
  SIGNUP_FIELD_OPTIONS_MAX,
  SIGNUP_FIELDS_MAX,
  type SignupFieldKind,
} from '@portal/contract/constants';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/** How the console names each kind of sign-up field. */
const FIELD_KINDS: Array<{ value: SignupFieldKind; label: string }> = [
  { value: 'text', label: '文本' },
  { value: 'phone', label: '手机号' },
  { value: 'number', label: '数字' },
  { value: 'choice', label: '单选' },
  { value: 'multi', label: '多选' },
];

/** A key no field of the form has: the answer's name in learners' forms, kept on renames. */
const freshKey = () => `f_${Math.random().toString(36).slice(2, 10)}`;

/** One field of the sign-up form: its name, kind, whether it must be answered, its options. */
function FieldRow({ name, remove }: { name: number; remove: () => void }) {
  const kind = Form.useWatch(['formFields', name, 'kind']) as SignupFieldKind | undefined;
  const choosing = kind === 'choice' || kind === 'multi';
  return (
    <Card size="small" style={{ marginBottom: 8 }}>
      <Form.Item name={[name, 'key']} hidden>
        <Input />
      </Form.Item>
      <Row gutter={12} align="top">
        <Col span={8}>
          <Form.Item
            label="字段名称"
            name={[name, 'label']}
            rules={[{ required: true, whitespace: true, message: '请填写字段名称' }]}
          >
            <Input maxLength={SIGNUP_FIELD_LABEL_MAX} placeholder="如 姓名、年龄段" />
          </Form.Item>
        </Col>
        <Col span={11}>
          <Form.Item label="类型" name={[name, 'kind']} initialValue="text" required>
            <Radio.Group optionType="button" options={FIELD_KINDS} />
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item
            label="必填"
            name={[name, 'required']}
            valuePropName="checked"
            initialValue={false}
            required
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col span={2} style={{ textAlign: 'right', paddingTop: 30 }}>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={remove}
            aria-label="删除此项"
          />
        </Col>
      </Row>
      {choosing ? (
        <Form.Item
          label="选项"
          name={[name, 'options']}
          required
          extra="输入一个选项后按回车，再输入下一个"
          rules={[
            {
              validator: (_, options?: string[]) =>
                (options?.length ?? 0) >= 2
                  ? Promise.resolve()
                  : Promise.reject(new Error('至少要有两个选项')),
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            maxCount={SIGNUP_FIELD_OPTIONS_MAX}
            placeholder="如 60岁以下、60岁及以上"
            tokenSeparators={['，', ',']}
            maxTagTextLength={SIGNUP_FIELD_OPTION_MAX}
          />
        </Form.Item>
      ) : null}
    </Card>
  );
}

/**
 * The sign-up form an operator builds for learners: fields of the kinds the portal renders
 * (文本, 手机号, 数字, 单选, 多选), each required or not; the server checks it all again.
 */
export function SignupFieldsEditor() {
  return (
    <>
      <Typography.Title level={5}>报名信息</Typography.Title>
      <Typography.Paragraph type="secondary">
        学员报名时填写的内容。不需要填写时留空，学员一键报名。
      </Typography.Paragraph>
      <Form.List name="formFields">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <FieldRow key={field.key} name={field.name} remove={() => remove(field.name)} />
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= SIGNUP_FIELDS_MAX}
              onClick={() => add({ key: freshKey(), label: '', kind: 'text', required: false })}
              style={{ marginBottom: 16 }}
            >
              添加报名信息
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

/** A time field kept as ISO 8601 in the form, shown as a date and time picker. */
function TimeItem({ name, label }: { name: string; label: string }) {
  return (
    <Col span={12}>
      <Form.Item
        label={label}
        name={name}
        rules={[{ required: true, message: `请选择${label}` }]}
        getValueProps={(value?: string) => ({ value: value ? dayjs(value) : undefined })}
        normalize={(value?: Dayjs | null) => value?.toISOString()}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Col>
  );
}

/** The four times of a sign-up window and its event, in the order learners meet them. */
export function WindowFields() {
  return (
    <Row gutter={16}>
      <TimeItem name="signupStart" label="报名开始时间" />
      <TimeItem name="signupEnd" label="报名截止时间" />
      <TimeItem name="startAt" label="开始时间" />
      <TimeItem name="endAt" label="结束时间" />
    </Row>
  );
}
