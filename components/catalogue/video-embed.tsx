import { getTranslations } from 'next-intl/server';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { youtubeLinks } from '@/lib/video';
import { VideoPlayer } from './video-player';

/**
 * The course video: a YouTube address is played on the page once the visitor asks for it
 * (VideoPlayer); any other web address is offered as a plain link.
 */
export async function VideoEmbed({ url, title }: { url: string; title: string }) {
  const links = youtubeLinks(url);
  if (!links) {
    const t = await getTranslations('catalogue');
    return /^https?:\/\//i.test(url) ? (
      <a href={url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
        {t('watchVideo')}
      </a>
    ) : null;
  }
  // The player is a client component: its play button's texts travel to the browser with it.
  return (
    <WithClientMessages namespaces={['catalogueVideo']}>
      <VideoPlayer embedUrl={links.embed} watchUrl={links.watch} title={title} />
    </WithClientMessages>
  );
}
