// antd-mobile's image viewer (with its spring and gesture libraries, about 30 KB): its own chunk,
// downloaded at the first tap on an article's picture.
export { ImageViewer } from 'antd-mobile';
