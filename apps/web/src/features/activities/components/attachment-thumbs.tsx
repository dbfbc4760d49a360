import type { Attachment } from '@portal/contract';
import { ImageViewer } from 'antd-mobile';
import { useAttachmentUrl } from '../api/get-attachment.ts';
import { formatBytes } from './file-check.ts';

function PdfIcon() {
  return (
    <span className="file-chip-icon" aria-hidden="true">
      PDF
    </span>
  );
}

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
      <li className="attachment-thumb failed" title={attachment.name}>
        <span>无法加载</span>
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
            className="attachment-image"
            onClick={() => ImageViewer.show({ image: objectUrl })}
            aria-label={`查看图片：${name}`}
          >
            <img src={objectUrl} alt={attachment.name} width={72} height={72} />
          </button>
        ) : (
          <span className="attachment-loading" role="status" aria-label={`正在加载：${name}`} />
        )}
      </li>
    );
  }
  return (
    <li className="attachment-file">
      {objectUrl ? (
        <a className="file-chip" href={objectUrl} download={attachment.name}>
          <PdfIcon />
          <span className="file-chip-text">
            <span className="file-chip-name">{attachment.name}</span>
            <span className="file-chip-size">{formatBytes(attachment.size)}</span>
          </span>
        </a>
      ) : (
        <span className="file-chip" role="status" aria-label={`正在加载：${name}`}>
          <PdfIcon />
          <span className="file-chip-text">
            <span className="file-chip-name">{attachment.name}</span>
            <span className="file-chip-size">加载中…</span>
          </span>
        </span>
      )}
    </li>
  );
}

/** The files a special activity's application carries (only their owner may fetch them). */
export function AttachmentThumbs({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="attachment-thumbs" aria-label="报名材料">
      {attachments.map((attachment) => (
        <AttachmentThumb key={attachment.id} attachment={attachment} />
      ))}
    </ul>
  );
}
