// Course videos are YouTube addresses entered by admins. They are played through YouTube's
// privacy-enhanced host, only once the visitor presses play (components/catalogue/video-player.tsx),
// and only when the address really names a YouTube video, so an admin typo can never embed
// another site.

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/** The video id of a YouTube watch, share, shorts or embed address, or null for anything else. */
export function youtubeVideoId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') {
    candidate = url.pathname.split('/')[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') candidate = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live') candidate = second;
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/**
 * Where to play a YouTube address: `embed` on the privacy-enhanced host, and `watch`, the video's
 * own page on YouTube, for a visitor who cannot (or would rather not) play it here. Null for
 * anything that is not a YouTube video.
 */
export function youtubeLinks(address: string): { embed: string; watch: string } | null {
  const id = youtubeVideoId(address);
  return id ? { embed: `https://www.youtube-nocookie.com/embed/${id}`, watch: `https://www.youtube.com/watch?v=${id}` } : null;
}
