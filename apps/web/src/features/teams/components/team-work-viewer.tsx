import { ImageViewer } from 'antd-mobile';

/** A work's pictures full size from the `index`th, swiping between them, with a large 关闭 below. */
export function TeamWorkViewer({
  images,
  index,
  onClose,
}: {
  images: string[];
  index: number;
  onClose: () => void;
}) {
  return (
    <ImageViewer.Multi
      images={images}
      visible
      defaultIndex={index}
      onClose={onClose}
      renderFooter={() => (
        <div className="team-work-viewer-footer">
          <button type="button" onClick={onClose}>
            关闭
          </button>
        </div>
      )}
    />
  );
}
