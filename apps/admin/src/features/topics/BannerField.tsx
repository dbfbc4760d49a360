import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { pictureAtLeast } from '@portal/contract/constants';
import { App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { uploadImage } from '@/api/uploads.ts';

/**
 * A topic's wide banner (750×300 on the phone): uploaded to the site's file store, shown at its
 * proportions, replaced or removed.
 */
export function BannerField({
  value,
  onChange,
  id,
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  id?: string;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  return (
    <Space orientation="vertical">
      {value ? (
        <Image
          src={pictureAtLeast(value, 750)}
          preview={{ src: value }}
          width={375}
          height={150}
          style={{ objectFit: 'cover' }}
          alt="横幅图片"
        />
      ) : null}
      <Space>
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          customRequest={({ file }) => {
            setUploading(true);
            uploadImage(file as File)
              .then((uploaded) => onChange?.(uploaded.url))
              .catch((error: Error) => message.error(error.message))
              .finally(() => setUploading(false));
          }}
        >
          <Button id={id} icon={<UploadOutlined />} loading={uploading}>
            {value ? '更换横幅' : '上传横幅（建议 750×300）'}
          </Button>
        </Upload>
        {value ? (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            去掉横幅
          </Button>
        ) : null}
      </Space>
    </Space>
  );
}
