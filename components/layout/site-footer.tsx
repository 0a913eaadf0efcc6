import { getLocale, getTranslations } from 'next-intl/server';
import { formatNumber } from '@/lib/format';
import { Link } from '@/i18n/navigation';
import { LanguageSwitcher } from './language-switcher';
import { CONTACT } from '@/lib/catalogue';
import type { ExternalLinks } from '@/lib/external-links';
import { FacebookIcon, InstagramIcon, LinkedinIcon, MailIcon, YoutubeIcon } from '@/components/ui/icons';

const FOOTER_LINKS = [
  { href: '/', key: 'home' },
  { href: '/courses', key: 'courses' },
  { href: '/instructor', key: 'instructor' },
  { href: '/contact', key: 'contactUs' },
  { href: '/privacy', key: 'privacy' },
] as const;

const SOCIAL = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'youtube', label: 'YouTube', Icon: YoutubeIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedinIcon },
] as const;

const STORES = [
  { key: 'googlePlay', small: 'googlePlaySmall', big: 'Google Play' },
  { key: 'appStore', small: 'appStoreSmall', big: 'App Store' },
] as const;

/** `links`: the operator's app and social addresses (server/platform/env.ts); a link without one is left out. */
export async function SiteFooter({ links }: { links: ExternalLinks }) {
  const [t, locale] = await Promise.all([getTranslations('footer'), getLocale()]);
  // Rendered at build/revalidation time; the year only changes once a year.
  const year = new Date().getFullYear();
  const stores = STORES.flatMap((store) => (links[store.key] ? [{ ...store, href: links[store.key] }] : []));
  const social = SOCIAL.flatMap((network) => (links[network.key] ? [{ ...network, href: links[network.key] }] : []));
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <div>
          <p className="text-xl font-extrabold text-white">
            Knowledge<span className="text-accent-500">Zone</span>
          </p>
          {stores.length > 0 ? (
            <>
              <p className="mt-3 text-sm text-slate-300">{t('learnAnywhere')}</p>
              <div className="mt-4 flex flex-wrap gap-3">
                {stores.map((store) => (
                  <a key={store.key} href={store.href} rel="noopener noreferrer" target="_blank" className="rounded-lg border border-slate-500 px-3 py-1.5 leading-tight hover:border-white">
                    <span className="block text-[10px] uppercase text-slate-300">{t(store.small)}</span>
                    <span className="block text-sm font-semibold text-white">{store.big}</span>
                  </a>
                ))}
              </div>
            </>
          ) : null}
        </div>
        <nav aria-label={t('label')}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t('explore')}</h2>
          <ul className="mt-3 grid gap-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="text-slate-300 hover:text-white">{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t('contact')}</h2>
          <a href={`mailto:${CONTACT.email}`} className="mt-3 flex items-center gap-2 text-sm text-slate-300 hover:text-white">
            <MailIcon width={16} height={16} /> {CONTACT.email}
          </a>
          {social.length > 0 ? (
            <ul className="mt-4 flex gap-3" aria-label={t('socialMedia')}>
              {social.map(({ key, href, label, Icon }) => (
                <li key={key}>
                  <a href={href} aria-label={label} rel="noopener noreferrer" target="_blank" className="flex h-9 w-9 items-center justify-center rounded-full bg-slate-800 hover:bg-brand-600">
                    <Icon width={18} height={18} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {t('copyright', { year: formatNumber(year, locale, { useGrouping: false }) })}
      </p>
      <p className="pb-4 text-center text-xs">
        <LanguageSwitcher colors="text-slate-300 hover:text-white" />
      </p>
    </footer>
  );
}
