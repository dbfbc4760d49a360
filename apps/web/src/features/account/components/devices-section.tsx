import type { Device } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { Badge } from '@/ui/badge.tsx';
import { Panel } from '@/ui/panel.tsx';
import { devicesQueryOptions, useSignOutDevice } from '../api/account-settings.ts';
import { FormMessage, Reading } from './account-messages.tsx';

const seenFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function DeviceRow({
  device,
  onSignOut,
  pending,
}: {
  device: Device;
  onSignOut: (id: string) => void;
  pending: boolean;
}) {
  return (
    <li className="account-device">
      <div>
        <p className="badge-row account-device-name">
          {device.description}
          {device.current ? <Badge>本机</Badge> : null}
        </p>
        <p className="account-muted">最近使用 {seenFormat.format(new Date(device.lastSeenAt))}</p>
      </div>
      {device.current ? null : (
        <Button
          size="small"
          disabled={pending}
          aria-label={`让${device.description}退出登录`}
          onClick={() => onSignOut(device.id)}
        >
          退出
        </Button>
      )}
    </li>
  );
}

/** 已登录的设备: each device with when it was last used; sign out one or every other. */
export function DevicesSection() {
  const devices = useQuery(devicesQueryOptions());
  const signOut = useSignOutDevice();
  const list = devices.data ?? [];
  const others = list.filter((device) => !device.current).length;

  let body = null;
  if (devices.isPending || devices.isError) {
    body = <Reading query={devices} what="登录设备" />;
  } else {
    body = (
      <>
        <ul className="account-devices">
          {list.map((device) => (
            <DeviceRow
              key={device.id}
              device={device}
              pending={signOut.isPending}
              onSignOut={(id) => signOut.mutate(id)}
            />
          ))}
        </ul>
        <FormMessage error={signOut.error} done={signOut.isSuccess ? '已退出登录' : null} />
        {others > 0 ? (
          <Button block loading={signOut.isPending} onClick={() => signOut.mutate(null)}>
            退出其他所有设备
          </Button>
        ) : (
          <p className="account-muted">只有本机登录了这个账号。</p>
        )}
      </>
    );
  }
  return (
    <Panel title="已登录的设备" stack>
      {body}
    </Panel>
  );
}
