import type { AdminBannerRow } from '@portal/contract';
import {
  BANNER_LINK_KIND_NAMES,
  type BannerLinkKind,
  pictureSources,
} from '@portal/contract/constants';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { type ListKind, ReviewListPage, reviewColumns } from '@/features/review/ReviewListPage.tsx';
import { formatTime } from '@/ui/format.ts';
import { bannersApi } from './banners-api.ts';

const columns: TableColumnsType<AdminBannerRow> = [
  {
    title: '图片',
    dataIndex: 'image',
    width: 110,
    render: (image: string | null, row) =>
      image ? (
        <img
          {...pictureSources(image, '88px')}
          src={image}
          alt={row.title}
          width={88}
          height={50}
          style={{ objectFit: 'cover' }}
        />
      ) : (
        '未上传'
      ),
  },
  {
    title: '标题',
    dataIndex: 'title',
    minWidth: 200,
    render: (title: string, row) => <Link to={`/banners/edit?id=${row.id}`}>{title}</Link>,
  },
  { title: '角标', dataIndex: 'label', width: 100 },
  {
    title: '链接到',
    dataIndex: 'linkKind',
    width: 90,
    render: (kind: BannerLinkKind) => BANNER_LINK_KIND_NAMES[kind],
  },
  { title: '排序', dataIndex: 'position', width: 70 },
  {
    title: '展示截止',
    dataIndex: 'endsAt',
    width: 150,
    render: (endsAt: string | null) => (endsAt ? formatTime(endsAt) : '长期'),
  },
  ...reviewColumns<AdminBannerRow>(),
];

const BANNERS: ListKind<AdminBannerRow> = {
  name: '轮播图',
  unit: '张',
  listPath: '/banners',
  api: bannersApi,
  columns,
};

/** Home's banners of the site (首页轮播图): published first, in home's order. */
export function BannerListPage() {
  return <ReviewListPage kind={BANNERS} />;
}
