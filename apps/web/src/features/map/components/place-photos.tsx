import { PICTURE_SIZES, pictureSources } from '@portal/contract/constants';
import { ImageViewer, Swiper } from 'antd-mobile';
import { useState } from 'react';
import '@/ui/image-grid.css';

/** A place's photos as a swiper; a tap opens them full size from that one. */
export function PlacePhotos({ name, photos }: { name: string; photos: readonly string[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  return (
    <>
      <Swiper className="place-photos" loop={photos.length > 1} autoplay={false}>
        {photos.map((photo, index) => (
          <Swiper.Item key={photo}>
            <button
              type="button"
              className="image-button"
              onClick={() => setOpen(index)}
              aria-label={`查看大图：${name}第 ${index + 1} 张照片，共 ${photos.length} 张`}
            >
              <img
                className="detail-cover"
                {...pictureSources(photo, PICTURE_SIZES.wide)}
                src={photo}
                alt=""
                width={800}
                height={500}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
      {open !== null ? (
        <ImageViewer.Multi
          images={[...photos]}
          visible
          defaultIndex={open}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}
