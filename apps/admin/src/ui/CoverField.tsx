import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { pictureAtLeast } from '@portal/contract/constants';
import { App, Button, Image, Space, Upload } from 'antd';
import { useState } from 'react';
import { uploadImage } from '@/api/uploads.ts';

/**
 * A cover image of a form (or another picture: `what` names it, 封面 by default): uploaded to the
 * site's file store, shown, replaced or removed.
 */
export function CoverField({
  value,
  onChange,
  id,
  what = '封面',
}: {
  value?: string | null;
  onChange?: (url: string | null) => void;
  id?: string;
  what?: string;
}) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  return (
    <Space align="start">
      {value ? (
        <Image
          src={pictureAtLeast(value, 192)}
          preview={{ src: value }}
          width={96}
          height={72}
          style={{ objectFit: 'cover' }}
          alt={what}
        />
      ) : null}
      <Space orientation="vertical">
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
            {value ? `更换${what}` : `上传${what}`}
          </Button>
        </Upload>
        {value ? (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange?.(null)}>
            去掉{what}
          </Button>
        ) : null}
      </Space>
    </Space>
  );
}
