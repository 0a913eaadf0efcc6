import { useTranslations } from 'next-intl';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { CONTACT } from '@/lib/catalogue';
import { MailIcon, MapPinIcon, PhoneIcon } from '@/components/ui/icons';

type Item = { Icon: ComponentType<SVGProps<SVGSVGElement>>; value: string; href: string; label: string };

/** Lets a long e-mail address wrap after the @ on narrow screens instead of mid-word. */
function breakableAddress(value: string): ReactNode {
  const at = value.indexOf('@');
  if (at === -1) return value;
  return (
    <>
      {value.slice(0, at + 1)}
      <wbr />
      {value.slice(at + 1)}
    </>
  );
}

export function ContactDetails() {
  const t = useTranslations('contact');
  // The map search keeps the office's English address; the page shows it in its own language.
  const items: Item[] = [
    { Icon: PhoneIcon, value: CONTACT.phone, href: `tel:${CONTACT.phone.replace(/[^+\d]/g, '')}`, label: t('call') },
    {
      Icon: MapPinIcon,
      value: t('office'),
      href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(CONTACT.office)}`,
      label: t('visit'),
    },
    { Icon: MailIcon, value: CONTACT.email, href: `mailto:${CONTACT.email}`, label: t('email') },
  ];
  return (
    <section aria-labelledby="contact-query-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="contact-query-heading" className="text-center text-2xl font-bold text-brand-900 sm:text-3xl">
        {t('queryHeading')}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {items.map(({ Icon, value, href, label }) => (
          <li key={label} className="flex flex-col items-center gap-3 rounded-xl bg-brand-50 p-4 text-center sm:p-6">
            <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white">
              <Icon width={26} height={26} />
            </span>
            <a
              href={href}
              className="text-base font-semibold [overflow-wrap:anywhere] sm:text-lg lg:text-base xl:text-lg text-brand-900 underline-offset-4 hover:underline"
              {...(href.startsWith('https:') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {breakableAddress(value)}
            </a>
            <p className="text-sm text-slate-700">{label}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
