import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { ADMIN_VIDEO_MAX_BYTES, sizeText } from '@portal/contract/constants';
import { App, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { UploadProgress } from '@/ui/UploadProgress.tsx';
import { uploadVideo } from '@/ui/upload-video.ts';
import { VideoLadderStatus } from '@/ui/VideoLadderStatus.tsx';

/**
 * A session's replay: a video uploaded to the site (or none), played back here to check it,
 * replaced or removed.
 */
export function ReplayField({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  id?: string;
}) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const uploading = percent !== null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value ? (
        // biome-ignore lint/a11y/useMediaCaption: an operator checks the upload; captions come with the media pipeline
        <video src={value} controls preload="metadata" style={{ width: 320, maxWidth: '100%' }} />
      ) : null}
      {value ? (
        <VideoLadderStatus
          url={value}
          pendingHint="转码在后台进行；转码完成前，学员看到的是原视频，完成后自动换成适合手机的多清晰度版本。"
        />
      ) : null}
      <UploadProgress percent={percent} label="回放上传进度" />
      <Space>
        <Upload
          accept="video/mp4,video/webm"
          showUploadList={false}
          disabled={uploading}
          customRequest={({ file }) => {
            const picked = file as File;
            if (picked.size > ADMIN_VIDEO_MAX_BYTES) {
              message.error(`视频不能超过 ${sizeText(ADMIN_VIDEO_MAX_BYTES)}`);
              return;
            }
            setPercent(0);
            uploadVideo(picked, setPercent)
              .then((uploaded) => onChange?.(uploaded.url))
              .catch((error: Error) => message.error(error.message))
              .finally(() => setPercent(null));
          }}
        >
          <Button id={id} icon={<UploadOutlined />} loading={uploading}>
            {value ? '更换回放' : '上传回放'}
          </Button>
        </Upload>
        {value ? (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            去掉回放
          </Button>
        ) : null}
      </Space>
      <Typography.Text type="secondary">
        直播结束后学员观看的回放：MP4 或 WebM，最大 {sizeText(ADMIN_VIDEO_MAX_BYTES)}；可以不填
      </Typography.Text>
    </Space>
  );
}
