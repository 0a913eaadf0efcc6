import { youtubeEmbedUrl } from '@/lib/video';

/**
 * The course video, loaded only when it scrolls near (loading="lazy") and from YouTube's
 * privacy-enhanced host. An address that is not a YouTube video is offered as a plain link.
 */
export function VideoEmbed({ url, title }: { url: string; title: string }) {
  const embed = youtubeEmbedUrl(url);
  if (!embed) {
    return /^https?:\/\//i.test(url) ? (
      <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
        Watch the course video
      </a>
    ) : null;
  }
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900 shadow-sm">
      <iframe
        src={embed}
        title={title}
        loading="lazy"
        allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
        className="h-full w-full border-0"
      />
    </div>
  );
}
