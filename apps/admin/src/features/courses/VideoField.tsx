import { UploadOutlined } from '@ant-design/icons';
import { ADMIN_AUDIO_MAX_BYTES, ADMIN_VIDEO_MAX_BYTES, sizeText } from '@portal/contract/constants';
import { App, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { UploadProgress } from '@/ui/UploadProgress.tsx';
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
  const [percent, setPercent] = useState<number | null>(null);
  const uploading = percent !== null;
  const media = MEDIA[kind];
  const limit = sizeText(media.maxBytes);
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
      <UploadProgress percent={percent} label={`${media.name}上传进度`} />
      <Upload
        accept={media.accept}
        showUploadList={false}
        disabled={uploading}
        customRequest={({ file }) => {
          const picked = file as File;
          if (picked.size > media.maxBytes) {
            message.error(`${media.name}不能超过 ${limit}`);
            return;
          }
          setPercent(0);
          Promise.all([media.upload(picked, setPercent), media.seconds(picked)])
            .then(([uploaded, seconds]) => {
              onChange?.(uploaded.url);
              onSeconds(seconds);
            })
            .catch((error: Error) => message.error(error.message))
            .finally(() => setPercent(null));
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={uploading}>
          {value ? `更换${media.name}` : `上传${media.name}`}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        {media.formats}，最大 {limit}
      </Typography.Text>
    </Space>
  );
}
