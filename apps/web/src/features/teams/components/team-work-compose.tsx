import type { TeamWorkDetail } from '@portal/contract';
import { TEAM_WORK_MAX_IMAGES, TEAM_WORK_TEXT_MAX } from '@portal/contract/constants';
import { Button, Popup, TextArea, Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { IMAGE_TYPES } from '@/lib/files.ts';
import { ApiError } from '@/platform/request.ts';
import { FilePicker, usePickedFiles } from '@/ui/file-picker.tsx';
import { usePostTeamWork } from '../api/team-work-mutations.ts';
import { FormMessages } from './form-error.tsx';
import { checkPickedImages } from './team-work-image-check.ts';

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
  const images = usePickedFiles((current, incoming) => checkPickedImages(incoming, current.length));
  const [missing, setMissing] = useState(false);

  const reset = () => {
    setText('');
    images.reset();
    setMissing(false);
    postWork.reset();
  };

  const handlePick = (files: File[]) => {
    if (images.add(files) > 0) setMissing(false);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' && images.files.length === 0) {
      setMissing(true);
      return;
    }
    postWork.mutate(
      { teamId, content: text, images: images.files.map((image) => image.file) },
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
    ...images.problems,
    ...(missing ? ['请填写作品内容或添加图片'] : []),
    ...(serverProblem ? [serverProblem] : []),
  ];

  return (
    <Popup
      visible={visible}
      onMaskClick={postWork.isPending ? undefined : onClose}
      position="bottom"
      bodyClassName="team-work-compose"
      destroyOnClose={false}
    >
      <form onSubmit={handleSubmit} aria-labelledby="team-work-compose-title">
        <div className="section-head">
          <h2 id="team-work-compose-title" className="panel-title">
            发布作品
          </h2>
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
        <FilePicker
          layout="grid"
          files={images.files}
          max={TEAM_WORK_MAX_IMAGES}
          accept={IMAGE_TYPES}
          onPick={handlePick}
          onRemove={images.remove}
          label={`已选图片 ${images.files.length} 张`}
          pickText="添加图片"
          removeLabel={(file, index) => `移除第 ${index + 1} 张图片：${file.name}`}
        />
        <small className="signup-hint">
          最多 {TEAM_WORK_MAX_IMAGES} 张 JPG、PNG 或 WebP 图片，每张不超过 8 MB。
        </small>
        <FormMessages messages={messages} />
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
