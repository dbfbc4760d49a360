import { UploadOutlined } from '@ant-design/icons';
import { ADMIN_AUDIO_MAX_BYTES, ADMIN_VIDEO_MAX_BYTES } from '@portal/contract/constants';
import { App, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { audioSeconds, uploadAudio, uploadVideo, videoSeconds } from '@/ui/upload-video.ts';
import { VideoLadderStatus } from '@/ui/VideoLadderStatus.tsx';

/** What differs between a lesson's video and its audio. */
const MEDIA = {
  video: {
    name: '视频',
    accept: 'video/mp4,video/webm',
    formats: 'MP4 或 WebM',
    maxBytes: ADMIN_VIDEO_MAX_BYTES,
    upload: uploadVideo,
    seconds: videoSeconds,
  },
  audio: {
    name: '音频',
    accept: 'audio/mpeg,audio/mp4,audio/x-m4a,.mp3,.m4a',
    formats: 'MP3 或 M4A',
    maxBytes: ADMIN_AUDIO_MAX_BYTES,
    upload: uploadAudio,
    seconds: audioSeconds,
  },
} as const;

/**
 * A lesson's video or audio: uploaded to the site, its length read by the browser from the
 * file's metadata and handed to the form beside it (`onSeconds`), played back here to check it;
 * a video with its transcoding's progress ({@link VideoLadderStatus}).
 */
export function VideoField({
  value,
  onChange,
  onSeconds,
  id,
  kind = 'video',
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  onSeconds: (seconds: number) => void;
  id?: string;
  kind?: keyof typeof MEDIA;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const media = MEDIA[kind];
  const megabytes = media.maxBytes / 1024 / 1024;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value && kind === 'video' ? (
        // biome-ignore lint/a11y/useMediaCaption: an operator checks the upload; captions come with the media pipeline
        <video src={value} controls preload="metadata" style={{ width: 320, maxWidth: '100%' }} />
      ) : null}
      {value && kind === 'video' ? <VideoLadderStatus url={value} /> : null}
      {value && kind === 'audio' ? (
        // biome-ignore lint/a11y/useMediaCaption: an operator checks the upload; transcripts come with the media pipeline
        <audio src={value} controls preload="metadata" aria-label="课时音频试听" />
      ) : null}
      <Upload
        accept={media.accept}
        showUploadList={false}
        customRequest={({ file }) => {
          const picked = file as File;
          if (picked.size > media.maxBytes) {
            message.error(`${media.name}不能超过 ${megabytes} MB`);
            return;
          }
          setUploading(true);
          Promise.all([media.upload(picked), media.seconds(picked)])
            .then(([uploaded, seconds]) => {
              onChange?.(uploaded.url);
              onSeconds(seconds);
            })
            .catch((error: Error) => message.error(error.message))
            .finally(() => setUploading(false));
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={uploading}>
          {value ? `更换${media.name}` : `上传${media.name}`}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        {media.formats}，最大 {megabytes} MB
      </Typography.Text>
    </Space>
  );
}
