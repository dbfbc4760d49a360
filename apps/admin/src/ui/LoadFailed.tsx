import { Alert, Button } from 'antd';

/** What a page shows when its list did not load: what failed, why, and a retry. */
export function LoadFailed({
  what,
  error,
  retry,
}: {
  what: string;
  error: Error;
  retry: () => void;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={`${what}没有加载出来`}
      description={error.message}
      action={<Button onClick={retry}>重试</Button>}
    />
  );
}
