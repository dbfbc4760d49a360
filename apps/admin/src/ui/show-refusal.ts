import type { App, FormInstance } from 'antd';

/**
 * A server refusal on its form: the field its label names (`每日上限：…` → dailyCap, through
 * `fieldOfLabel`) shows the rest of the message, and the whole message shows as a toast.
 */
export function showRefusal<T>(
  error: Error,
  form: FormInstance<T>,
  fieldOfLabel: Record<string, string>,
  message: ReturnType<typeof App.useApp>['message'],
) {
  const [label = ''] = error.message.split('：');
  const field = fieldOfLabel[label];
  if (field) {
    form.setFields([{ name: field as never, errors: [error.message.slice(label.length + 1)] }]);
  }
  message.error(error.message);
}
