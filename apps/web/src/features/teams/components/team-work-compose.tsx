import type { TeamWorkDetail } from '@portal/contract';
import { TEAM_WORK_MAX_IMAGES, TEAM_WORK_TEXT_MAX } from '@portal/contract/constants';
import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/platform/request.ts';
import { LineIcon } from '@/ui/line-icon.tsx';
import { usePostTeamWork } from '../api/team-work-mutations.ts';
import { checkPickedImages, TEAM_WORK_ACCEPT } from './team-work-image-check.ts';

interface Picked {
  key: number;
  file: File;
}

/** A picked picture's preview from an object URL, made on mount and revoked on unmount. */
function PickedPreview({ file }: { file: File }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? <img src={url} alt={file.name} /> : <span aria-hidden="true" />;
}

/**
 * 发布作品: a bottom sheet with the text (up to 1000 characters) and up to 9 pictures, each
 * previewed and removable; pictures that do not fit are named with the reason, and a refusal
 * from the server shows above the button. Once posted it closes and hands over the new work.
 */
export function TeamWorkCompose({
  teamId,
  visible,
  onClose,
  onPosted,
}: {
  teamId: number;
  visible: boolean;
  onClose: () => void;
  onPosted?: (work: TeamWorkDetail) => void;
}) {
  const postWork = usePostTeamWork();
  const [text, setText] = useState('');
  const [images, setImages] = useState<Picked[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const nextKey = useRef(1);

  const reset = () => {
    setText('');
    setImages([]);
    setProblems([]);
    setMissing(false);
    postWork.reset();
  };

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = [...(event.target.files ?? [])];
    // Cleared, so picking the same file again (after removing it) fires a change.
    event.target.value = '';
    const { accepted, problems: found } = checkPickedImages(picked, images.length);
    setImages((now) => [
      ...now,
      ...accepted.map((file) => {
        nextKey.current += 1;
        return { key: nextKey.current, file };
      }),
    ]);
    setProblems(found);
    if (accepted.length > 0) setMissing(false);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' && images.length === 0) {
      setMissing(true);
      return;
    }
    postWork.mutate(
      { teamId, content: text, images: images.map((image) => image.file) },
      {
        onSuccess: (work) => {
          reset();
          onClose();
          Toast.show({ content: '发布成功', position: 'center' });
          onPosted?.(work);
        },
      },
    );
  };

  const serverProblem = postWork.error instanceof ApiError ? postWork.error.message : null;
  const messages = [
    ...problems,
    ...(missing ? ['请填写作品内容或添加图片'] : []),
    ...(serverProblem ? [serverProblem] : []),
  ];
  const full = images.length >= TEAM_WORK_MAX_IMAGES;

  return (
    <Popup
      visible={visible}
      onMaskClick={postWork.isPending ? undefined : onClose}
      position="bottom"
      bodyClassName="team-work-compose"
      destroyOnClose={false}
    >
      <form onSubmit={handleSubmit} aria-labelledby="team-work-compose-title">
        <div className="team-work-compose-head">
          <h2 id="team-work-compose-title">发布作品</h2>
          <button type="button" className="text-button" onClick={onClose}>
            取消
          </button>
        </div>
        <label className="sr-only" htmlFor="team-work-text">
          作品内容
        </label>
        <TextArea
          id="team-work-text"
          value={text}
          onChange={(value) => {
            setText(value);
            if (value.trim() !== '') setMissing(false);
          }}
          placeholder="分享学习心得、作品介绍……"
          maxLength={TEAM_WORK_TEXT_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
        />
        <ul className="team-work-picked" aria-label={`已选图片 ${images.length} 张`}>
          {images.map(({ key, file }, index) => (
            <li key={key}>
              <PickedPreview file={file} />
              <button
                type="button"
                className="team-work-picked-remove"
                onClick={() => setImages((now) => now.filter((image) => image.key !== key))}
                aria-label={`移除第 ${index + 1} 张图片：${file.name}`}
              >
                <LineIcon d="M6 6l12 12M18 6 6 18" strokeWidth={2.4} size={16} />
              </button>
            </li>
          ))}
          {full ? null : (
            <li>
              <label className="team-work-pick">
                <LineIcon d="M12 5v14M5 12h14" strokeWidth={2.2} />
                <span>添加图片</span>
                <span className="team-work-pick-count">
                  {images.length}/{TEAM_WORK_MAX_IMAGES}
                </span>
                <input
                  type="file"
                  name="files"
                  accept={TEAM_WORK_ACCEPT}
                  multiple
                  onChange={handlePick}
                  aria-label="添加图片"
                />
              </label>
            </li>
          )}
        </ul>
        <p className="team-work-hint">
          最多 {TEAM_WORK_MAX_IMAGES} 张 JPG、PNG 或 WebP 图片，每张不超过 8 MB。
        </p>
        <div role="alert" className="team-work-errors">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          loading={postWork.isPending}
          loadingText="正在发布"
        >
          发布
        </Button>
      </form>
    </Popup>
  );
}
