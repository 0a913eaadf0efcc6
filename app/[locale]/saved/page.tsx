import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { SavedScreen } from '@/components/offline/saved-screen';
import { WithClientMessages } from '@/i18n/with-client-messages';

// The Saved screen: what this device keeps for learning without a connection, and the saved
// lessons and books themselves. Read in the browser from the device's own storage, so the page is
// the same for everyone and the service worker may keep it (offline/service-worker.ts).

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('saved');
  return { title: t('title'), robots: { index: false } };
}

/** What the saved lesson's player and its parts say, besides the Saved screen's own words. */
const SAVED_CLIENT_NAMESPACES = ['saved', 'player', 'progress', 'quiz', 'lesson', 'languages', 'bookShelf', 'errors'];

export default function SavedPage() {
  return (
    <WithClientMessages namespaces={SAVED_CLIENT_NAMESPACES}>
      <div className="container-page py-6 lg:py-8">
        <Suspense>
          <SavedScreen />
        </Suspense>
      </div>
    </WithClientMessages>
  );
}
