import type {
  AdminEbookChoices,
  AdminEbookFormInput,
  AdminEbookRow,
  AdminPdfUpload,
} from '@portal/contract';
import {
  EBOOK_AUTHOR_MAX,
  EBOOK_INTRODUCTION_MAX,
  EBOOK_TITLE_MAX,
  EBOOK_YEAR_MAX,
  EBOOK_YEAR_MIN,
  pictureSources,
} from '@portal/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { get } from '@/api/client.ts';
import { type EditorKind, ReviewEditor } from '@/features/review/ReviewEditor.tsx';
import { reviewApi } from '@/features/review/review-api.ts';
import { CoverField } from '@/ui/CoverField.tsx';
import { formatBytes, PdfField } from './PdfField.tsx';

export const ebookApi = reviewApi<AdminEbookFormInput, AdminEbookRow>('/api/admin/ebooks');

export const listEbookChoices = () => get<AdminEbookChoices>('/api/admin/ebooks/choices');

const EBOOK: EditorKind<AdminEbookFormInput> = {
  name: '电子书',
  these: '这本电子书',
  entity: 'ebook',
  listPath: '/ebooks',
  api: ebookApi,
  empty: {
    categoryId: undefined,
    title: '',
    author: '',
    publisher: '',
    publishedYear: new Date().getFullYear(),
    isbn: '',
    introduction: '',
    pdfUrl: null,
    pageCount: 0,
    fileSize: 0,
    cover: null,
  },
  formOf: (ebook) => ({
    categoryId: ebook.categoryId,
    title: ebook.title,
    author: ebook.author,
    publisher: ebook.publisher,
    publishedYear: ebook.publishedYear,
    isbn: ebook.isbn,
    introduction: ebook.introduction,
    pdfUrl: ebook.pdfUrl,
    pageCount: ebook.pageCount,
    fileSize: ebook.fileSize,
    cover: ebook.cover,
  }),
  fieldOfLabel: {
    电子书分类: 'categoryId',
    书名: 'title',
    作者: 'author',
    出版社: 'publisher',
    出版年份: 'publishedYear',
    ISBN: 'isbn',
    内容简介: 'introduction',
    'PDF 文件': 'pdfUrl',
    封面: 'cover',
  },
  preview: (ebook) => (
    <Space align="start">
      {ebook.cover ? (
        <img
          {...pictureSources(ebook.cover, '60px')}
          src={ebook.cover}
          alt={`《${ebook.title}》封面`}
          width={60}
          height={80}
          style={{ objectFit: 'cover' }}
        />
      ) : null}
      <div>
        <Typography.Paragraph strong style={{ marginBottom: 4 }}>
          {ebook.title}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          {[ebook.author, ebook.publisher, ebook.publishedYear ? `${ebook.publishedYear} 年` : '']
            .filter(Boolean)
            .join(' · ')}
        </Typography.Paragraph>
        <Typography.Text type="secondary">
          {ebook.pdfUrl
            ? `共 ${ebook.pageCount ?? 0} 页 · ${formatBytes(ebook.fileSize ?? 0)}`
            : '还没有 PDF 文件'}
        </Typography.Text>
      </div>
    </Space>
  ),
};

/**
 * The PDF and the cover: an upload fills in the pages and size, and the cover made of its first
 * page when there is no cover yet (else it is offered beside the one there).
 */
function FileFields() {
  const { message } = App.useApp();
  const form = Form.useFormInstance<AdminEbookFormInput>();
  const pageCount = Form.useWatch('pageCount', form) ?? 0;
  const fileSize = Form.useWatch('fileSize', form) ?? 0;
  const cover = Form.useWatch('cover', form) ?? null;
  const [firstPage, setFirstPage] = useState<string | null>(null);

  const handleUploaded = (uploaded: AdminPdfUpload) => {
    form.setFieldsValue({ pageCount: uploaded.pageCount, fileSize: uploaded.bytes });
    setFirstPage(uploaded.cover);
    if (!uploaded.cover) {
      message.warning('PDF 已上传，但没能用第一页生成封面，请上传一张封面图片');
      return;
    }
    if (!form.getFieldValue('cover')) {
      form.setFieldValue('cover', uploaded.cover);
      message.success(`PDF 已上传，共 ${uploaded.pageCount} 页，已用第一页作封面`);
      return;
    }
    message.success(`PDF 已上传，共 ${uploaded.pageCount} 页`);
  };

  return (
    <Row gutter={16}>
      <Col span={14}>
        <Form.Item label="PDF 文件" name="pdfUrl" extra="可先保存草稿，发布前须上传 PDF 文件。">
          <PdfField pageCount={pageCount} fileSize={fileSize} onUploaded={handleUploaded} />
        </Form.Item>
        <Form.Item name="pageCount" hidden>
          <InputNumber />
        </Form.Item>
        <Form.Item name="fileSize" hidden>
          <InputNumber />
        </Form.Item>
      </Col>
      <Col span={10}>
        <Form.Item label="封面" name="cover" extra="上传 PDF 后以第一页生成，可另传图片替换。">
          <CoverField />
        </Form.Item>
        {firstPage && cover !== firstPage ? (
          <Button
            type="link"
            style={{ padding: 0 }}
            onClick={() => form.setFieldValue('cover', firstPage)}
          >
            改用 PDF 第一页作封面
          </Button>
        ) : null}
      </Col>
    </Row>
  );
}

/** One e-book's form (its PDF and cover included), in review before publication. */
export function EbookEditPage() {
  const choices = useQuery({ queryKey: ['ebooks', 'choices'], queryFn: listEbookChoices });
  return (
    <ReviewEditor kind={EBOOK}>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="电子书分类"
            name="categoryId"
            rules={[{ required: true, type: 'number', min: 1, message: '请选择电子书分类' }]}
          >
            <Select
              placeholder="选择分类"
              loading={choices.isPending}
              notFoundContent={choices.isError ? '分类没有加载出来，请刷新重试' : '本站还没有分类'}
              options={(choices.data?.categories ?? []).map((entry) => ({
                value: entry.id,
                label: entry.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            label="出版年份"
            name="publishedYear"
            rules={[
              { required: true, message: '请填写出版年份' },
              {
                type: 'number',
                min: EBOOK_YEAR_MIN,
                max: EBOOK_YEAR_MAX,
                message: `请填写 ${EBOOK_YEAR_MIN} 到 ${EBOOK_YEAR_MAX} 之间的年份`,
              },
            ]}
          >
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="书名"
        name="title"
        rules={[{ required: true, whitespace: true, message: '请填写书名' }]}
      >
        <Input showCount maxLength={EBOOK_TITLE_MAX} />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            label="作者"
            name="author"
            rules={[{ required: true, whitespace: true, message: '请填写作者' }]}
          >
            <Input maxLength={EBOOK_AUTHOR_MAX} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="出版社" name="publisher">
            <Input maxLength={EBOOK_AUTHOR_MAX} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label="ISBN"
        name="isbn"
        extra="10 位或 13 位，可带连字符，如 978-7-5444-9999-6；没有可不填。"
      >
        <Input maxLength={20} style={{ maxWidth: 320 }} />
      </Form.Item>
      <FileFields />
      <Form.Item label="内容简介" name="introduction" extra="纯文本，空一行分段。">
        <Input.TextArea rows={6} showCount maxLength={EBOOK_INTRODUCTION_MAX} />
      </Form.Item>
    </ReviewEditor>
  );
}
