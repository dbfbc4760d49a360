import type { Attachment } from '@portal/contract';
import { ImageViewer } from 'antd-mobile';
import { formatBytes } from '@/lib/files.ts';
import { FileChipText, FileType } from '@/ui/file-picker.tsx';
import { useAttachmentUrl } from '../api/get-attachment.ts';

/**
 * One uploaded attachment, fetched with the learner's token as a blob: an image as a thumbnail
 * that opens large, a PDF as a chip that downloads it.
 */
function AttachmentThumb({ attachment }: { attachment: Attachment }) {
  const { objectUrl, status } = useAttachmentUrl(attachment.url);
  const image = attachment.mime.startsWith('image/');
  const name = `${attachment.name}（${formatBytes(attachment.size)}）`;
  if (status === 'error') {
    return (
      <li className="attachment-thumb" title={attachment.name}>
        <span className="file-tile-failed">无法加载</span>
        <span className="sr-only">{name}</span>
      </li>
    );
  }
  if (image) {
    return (
      <li className="attachment-thumb">
        {objectUrl ? (
          <button
            type="button"
            className="image-button"
            onClick={() => ImageViewer.show({ image: objectUrl })}
            aria-label={`查看图片：${name}`}
          >
            <img src={objectUrl} alt={attachment.name} width={72} height={72} />
          </button>
        ) : (
          <span className="skeleton-block" role="status" aria-label={`正在加载：${name}`} />
        )}
      </li>
    );
  }
  return (
    <li className="wide">
      {objectUrl ? (
        <a className="file-chip" href={objectUrl} download={attachment.name}>
          <FileType />
          <FileChipText name={attachment.name} note={formatBytes(attachment.size)} />
        </a>
      ) : (
        <span className="file-chip" role="status" aria-label={`正在加载：${name}`}>
          <FileType />
          <FileChipText name={attachment.name} note="加载中…" />
        </span>
      )}
    </li>
  );
}

/** The files a special activity's application carries (only their owner may fetch them). */
export function AttachmentThumbs({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="image-grid thumbs" aria-label="报名材料">
      {attachments.map((attachment) => (
        <AttachmentThumb key={attachment.id} attachment={attachment} />
      ))}
    </ul>
  );
}
