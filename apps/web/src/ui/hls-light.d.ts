// hls.js ships types for its full build only; the light build (no subtitles, alternate audio
// or DRM: about a third smaller) has the same API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
