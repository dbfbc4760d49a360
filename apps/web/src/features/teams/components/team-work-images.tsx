import type { TeamWorkImage } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import '@/ui/image-grid.css';

/** The full-size viewer (antd-mobile's, with its gestures), downloaded at the first tap. */
const TeamWorkViewer = lazy(() =>
  import('./team-work-viewer.tsx').then((module) => ({ default: module.TeamWorkViewer })),
);

/**
 * A work's pictures as a grid of thumbnails (one picture shows larger); with `viewable`, tapping
 * one opens them all full size, swiping from that one, with a large 关闭 below (a tap on the
 * picture closes it too).
 */
export function TeamWorkImages({
  images,
  viewable = false,
}: {
  images: readonly TeamWorkImage[];
  viewable?: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  if (images.length === 0) return null;
  const single = images.length === 1;
  return (
    <>
      <ul className={single ? 'image-grid single' : 'image-grid'} aria-label="作品图片">
        {images.map((image, index) => (
          <li key={image.url}>
            {viewable ? (
              <button
                type="button"
                className="image-button"
                onClick={() => setOpen(index)}
                aria-label={`查看大图：第 ${index + 1} 张，共 ${images.length} 张`}
              >
                <img
                  src={single ? image.url : image.thumbUrl}
                  alt=""
                  width={single ? image.width : 360}
                  height={single ? image.height : 360}
                  loading="lazy"
                />
              </button>
            ) : (
              <img
                src={image.thumbUrl}
                alt={`第 ${index + 1} 张图片`}
                width={360}
                height={360}
                loading="lazy"
              />
            )}
          </li>
        ))}
      </ul>
      {viewable && open !== null ? (
        // Mounted on a tap, so that it opens at the tapped picture.
        <Suspense fallback={null}>
          <TeamWorkViewer
            images={images.map((image) => image.url)}
            index={open}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
