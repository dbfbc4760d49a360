import type QrScanner from 'qr-scanner';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

export type CameraState =
  | { status: 'off' }
  | { status: 'starting' }
  | { status: 'on'; canSwitch: boolean }
  | { status: 'unavailable'; reason: string };

/** Why the camera did not start, as the desk explains it (the phone number still works). */
async function reasonOf(error: unknown): Promise<string> {
  if (!window.isSecureContext) {
    return '摄像头只能在安全连接（HTTPS）下使用，请用 https 地址打开运营后台。';
  }
  if (!navigator.mediaDevices?.getUserMedia) {
    return '这个浏览器不支持调用摄像头，请换用最新版的 Chrome、Edge 或 Safari。';
  }
  if (error === 'scanner') {
    return '扫码组件没有加载出来，请检查网络后重试。';
  }
  // The scanner answers every failure of the camera alike: ask the browser whether it was refused.
  const state = await navigator.permissions
    ?.query({ name: 'camera' as PermissionName })
    .then((status) => status.state)
    .catch(() => undefined);
  if (state === 'denied' || (error instanceof DOMException && error.name === 'NotAllowedError')) {
    return '浏览器没有允许本站使用摄像头。请在浏览器地址栏左侧的网站设置中允许使用摄像头，然后重试。';
  }
  return '没有找到可用的摄像头，或摄像头正被其他应用占用；如果浏览器询问过是否允许使用摄像头，请选择允许后重试。';
}

/**
 * A QR scanner on the camera, shown in `video`: `onCode` is called with each code decoded (many
 * times a second while a code is in view). `qr-scanner` is loaded on the first start only, so
 * the console's other pages never download it; the camera is let go on stop and on unmount.
 */
export function useQrScanner(
  video: RefObject<HTMLVideoElement | null>,
  onCode: (code: string) => void,
) {
  const [camera, setCamera] = useState<CameraState>({ status: 'off' });
  const scanner = useRef<QrScanner | null>(null);
  const facing = useRef<'environment' | 'user'>('environment');
  const handleCode = useRef(onCode);
  useEffect(() => {
    handleCode.current = onCode;
  }, [onCode]);

  const stop = useCallback(() => {
    scanner.current?.destroy();
    scanner.current = null;
    setCamera({ status: 'off' });
  }, []);

  const start = useCallback(async () => {
    const element = video.current;
    if (!element || scanner.current) return;
    setCamera({ status: 'starting' });
    let Scanner: typeof QrScanner;
    try {
      Scanner = (await import('qr-scanner')).default;
    } catch {
      setCamera({ status: 'unavailable', reason: await reasonOf('scanner') });
      return;
    }
    const instance = new Scanner(element, (result) => handleCode.current(result.data), {
      returnDetailedScanResult: true,
      preferredCamera: facing.current,
      maxScansPerSecond: 10,
      // Most frames hold no code: that is no error worth a word.
      onDecodeError: () => undefined,
    });
    scanner.current = instance;
    try {
      await instance.start();
    } catch (error) {
      if (scanner.current !== instance) return;
      instance.destroy();
      scanner.current = null;
      setCamera({ status: 'unavailable', reason: await reasonOf(error) });
      return;
    }
    // Stopped while the camera was starting.
    if (scanner.current !== instance) return;
    const cameras = await Scanner.listCameras(false).catch(() => []);
    if (scanner.current === instance) setCamera({ status: 'on', canSwitch: cameras.length > 1 });
  }, [video]);

  /** The front camera for the back one, or back again. */
  const switchCamera = useCallback(async () => {
    facing.current = facing.current === 'environment' ? 'user' : 'environment';
    await scanner.current?.setCamera(facing.current).catch(() => undefined);
  }, []);

  useEffect(
    () => () => {
      scanner.current?.destroy();
      scanner.current = null;
    },
    [],
  );

  return { camera, start, stop, switchCamera };
}
