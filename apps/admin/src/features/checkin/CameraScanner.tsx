import { CameraOutlined, StopOutlined, SwapOutlined, WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useId, useRef } from 'react';
import { useQrScanner } from './use-qr-scanner.ts';

/** The same code seen again within this time is the same QR still held up: not sent again. */
const REPEAT_MS = 3000;

/**
 * 扫码签到: the camera's picture with the area read for a code, started and stopped by the
 * operator; each code decoded goes to `onScan` once while it stays in view (seen again after
 * {@link REPEAT_MS} away, it is sent again), and scanning goes on for the next learner. Without
 * a camera it says why, and the phone number beside it still works.
 */
export function CameraScanner({ onScan }: { onScan: (code: string) => void }) {
  const headingId = useId();
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef<{ code: string; seenAt: number } | null>(null);
  const handleCode = (raw: string) => {
    const code = raw.trim();
    const now = Date.now();
    const repeated = last.current?.code === code && now - last.current.seenAt < REPEAT_MS;
    last.current = { code, seenAt: now };
    if (!repeated) onScan(code);
  };
  const { camera, start, stop, switchCamera } = useQrScanner(video, handleCode);
  const handleStop = () => {
    last.current = null;
    stop();
  };
  const showing = camera.status === 'on' || camera.status === 'starting';

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>扫码签到</h2>
      <div className={`checkin-desk-camera ${showing ? 'is-showing' : ''}`}>
        {/* Always here: the scanner plays the camera into it. */}
        <video ref={video} muted playsInline aria-label="摄像头画面" />
        {camera.status === 'on' ? <div className="checkin-desk-frame" aria-hidden="true" /> : null}
        {camera.status === 'off' ? (
          <div className="checkin-desk-camera-note">
            <p>
              <CameraOutlined aria-hidden />{' '}
              请学员打开手机上「我的活动」里的签到码，对准平板的摄像头
            </p>
            <Button
              className="checkin-desk-big"
              type="primary"
              icon={<CameraOutlined />}
              onClick={() => start()}
            >
              摄像头扫码
            </Button>
          </div>
        ) : null}
        {camera.status === 'unavailable' ? (
          <div className="checkin-desk-camera-note is-warning">
            <p className="checkin-desk-camera-title">
              <WarningOutlined aria-hidden /> 无法使用摄像头
            </p>
            <p>{camera.reason}</p>
            <p>现在可以先用下方的手机号签到。</p>
            <Button className="checkin-desk-big" icon={<CameraOutlined />} onClick={() => start()}>
              重试摄像头
            </Button>
          </div>
        ) : null}
        {showing ? (
          <div className="checkin-desk-camera-bar">
            <Button className="checkin-desk-big" icon={<StopOutlined />} onClick={handleStop}>
              停止扫码
            </Button>
            {camera.status === 'on' && camera.canSwitch ? (
              <Button className="checkin-desk-big" icon={<SwapOutlined />} onClick={switchCamera}>
                切换摄像头
              </Button>
            ) : null}
            <span>{camera.status === 'starting' ? '正在打开摄像头…' : '正在扫码…'}</span>
          </div>
        ) : null}
      </div>
    </section>
  );
}
