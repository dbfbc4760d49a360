import { UploadOutlined } from '@ant-design/icons';
import { ADMIN_VIDEO_MAX_BYTES } from '@portal/contract/constants';
import { App, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { uploadVideo, videoSeconds } from '@/ui/upload-video.ts';

/**
 * A lesson's video: uploaded to the site, its length read by the browser and handed to the
 * form beside it (`onSeconds`), played back here to check it.
 */
export function VideoField({
  value,
  onChange,
  onSeconds,
  id,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  onSeconds: (seconds: number) => void;
  id?: string;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value ? (
        // biome-ignore lint/a11y/useMediaCaption: an operator checks the upload; captions come with the media pipeline
        <video src={value} controls preload="metadata" style={{ width: 320, maxWidth: '100%' }} />
      ) : null}
      <Upload
        accept="video/mp4,video/webm"
        showUploadList={false}
        customRequest={({ file }) => {
          const picked = file as File;
          if (picked.size > ADMIN_VIDEO_MAX_BYTES) {
            message.error(`视频不能超过 ${ADMIN_VIDEO_MAX_BYTES / 1024 / 1024} MB`);
            return;
          }
          setUploading(true);
          Promise.all([uploadVideo(picked), videoSeconds(picked)])
            .then(([uploaded, seconds]) => {
              onChange?.(uploaded.url);
              onSeconds(seconds);
            })
            .catch((error: Error) => message.error(error.message))
            .finally(() => setUploading(false));
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={uploading}>
          {value ? '更换视频' : '上传视频'}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        MP4 或 WebM，最大 {ADMIN_VIDEO_MAX_BYTES / 1024 / 1024} MB
      </Typography.Text>
    </Space>
  );
}
