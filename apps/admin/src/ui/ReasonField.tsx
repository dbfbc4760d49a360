import { Form, Input } from 'antd';
import { reasonProblem } from './reason.ts';

/**
 * The reason an operator writes for what they do to a learner (停用, 调整, 不通过, 取消): the
 * field `reason` of the dialog's form, two characters or more (spaces aside) and at most `max`,
 * checked as the contract checks it, with its counter.
 */
export function ReasonField({
  what,
  max,
  placeholder,
}: {
  what: string;
  max: number;
  placeholder: string;
}) {
  return (
    <Form.Item
      name="reason"
      label={`${what}原因`}
      rules={[
        {
          validator: (_, value: unknown) => {
            const problem = reasonProblem(what, value, max);
            return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
          },
        },
      ]}
    >
      <Input.TextArea rows={3} maxLength={max} showCount placeholder={placeholder} />
    </Form.Item>
  );
}
