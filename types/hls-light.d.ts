// hls.js's light build (no subtitles, alternate audio or DRM, which lesson videos do not use) has
// the full build's API, but its package declares types for the full build only.
declare module 'hls.js/dist/hls.light.mjs' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
