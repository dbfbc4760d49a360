import { Progress } from 'antd';

/** The share of a file sent so far while it uploads (`percent` null: nothing uploading). */
export function UploadProgress({ percent, label }: { percent: number | null; label: string }) {
  if (percent === null) return null;
  return <Progress percent={percent} size="small" aria-label={label} style={{ maxWidth: 360 }} />;
}
