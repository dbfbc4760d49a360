import { FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import type { AdminPdfUpload } from '@portal/contract';
import { ADMIN_PDF_MAX_BYTES, sizeText } from '@portal/contract/constants';
import { App, Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { UploadProgress } from '@/ui/UploadProgress.tsx';
import { uploadPdf } from './upload-pdf.ts';

/** A file's size as an operator reads it: 820 KB, 2.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A PDF (an e-book's, or a PDF lesson's with `use="lesson"`): uploaded to the site with its
 * progress shown, then its pages (and size, when given) as the server read them and a link to
 * open it; the whole answer goes to `onUploaded` (an e-book's form takes its pages, size and
 * cover from it).
 */
export function PdfField({
  value,
  onChange,
  pageCount,
  fileSize,
  onUploaded,
  id,
  use = 'ebook',
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  pageCount: number;
  fileSize?: number;
  onUploaded: (upload: AdminPdfUpload) => void;
  id?: string;
  use?: 'ebook' | 'lesson';
}) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const uploading = percent !== null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {value ? (
        <Space>
          <FilePdfOutlined style={{ fontSize: 20, color: '#cf1322' }} aria-hidden />
          <Typography.Text>
            共 {pageCount} 页{fileSize === undefined ? '' : ` · ${formatBytes(fileSize)}`}
          </Typography.Text>
          <Typography.Link href={value} target="_blank" rel="noopener noreferrer">
            打开 PDF
          </Typography.Link>
        </Space>
      ) : null}
      <UploadProgress percent={percent} label="PDF 上传进度" />
      <Upload
        accept="application/pdf,.pdf"
        showUploadList={false}
        disabled={uploading}
        customRequest={({ file }) => {
          const picked = file as File;
          if (picked.size > ADMIN_PDF_MAX_BYTES) {
            message.error(`PDF 文件不能超过 ${sizeText(ADMIN_PDF_MAX_BYTES)}`);
            return;
          }
          setPercent(0);
          uploadPdf(picked, setPercent, use)
            .then((uploaded) => {
              onChange?.(uploaded.url);
              onUploaded(uploaded);
            })
            .catch((error: Error) => message.error(error.message))
            .finally(() => setPercent(null));
        }}
      >
        <Button id={id} icon={<UploadOutlined />} loading={uploading}>
          {value ? '更换 PDF' : '上传 PDF'}
        </Button>
      </Upload>
      <Typography.Text type="secondary">
        PDF 文件，未加密，最大 {sizeText(ADMIN_PDF_MAX_BYTES)}；上传后读取页数，并以第一页生成封面
      </Typography.Text>
    </Space>
  );
}
