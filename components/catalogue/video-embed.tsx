import { youtubeLinks } from '@/lib/video';
import { VideoPlayer } from './video-player';

/**
 * The course video: a YouTube address is played on the page once the visitor asks for it
 * (VideoPlayer); any other web address is offered as a plain link.
 */
export function VideoEmbed({ url, title }: { url: string; title: string }) {
  const links = youtubeLinks(url);
  if (!links) {
    return /^https?:\/\//i.test(url) ? (
      <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
        Watch the course video
      </a>
    ) : null;
  }
  return <VideoPlayer embedUrl={links.embed} watchUrl={links.watch} title={title} />;
}
