import type { App, FormInstance } from 'antd';

/**
 * A server refusal on its form: the field its label names (`每日上限：…` → dailyCap, through
 * `fieldOfLabel`) shows the rest of the message, and the whole message shows as a toast. A
 * refusal naming no field (`积分不足`) shows whole on `fallback` when given, so a dialog keeps it
 * in sight after the toast is gone.
 */
export function showRefusal<T>(
  error: Error,
  form: FormInstance<T>,
  fieldOfLabel: Record<string, string>,
  message: ReturnType<typeof App.useApp>['message'],
  fallback?: string,
) {
  const [label = ''] = error.message.split('：');
  const field = fieldOfLabel[label];
  if (field) {
    form.setFields([{ name: field as never, errors: [error.message.slice(label.length + 1)] }]);
  } else if (fallback) {
    form.setFields([{ name: fallback as never, errors: [error.message] }]);
  }
  message.error(error.message);
}
