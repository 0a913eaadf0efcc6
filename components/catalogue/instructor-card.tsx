import { getLocale, getTranslations } from 'next-intl/server';
import { translated } from '@/lib/translated-content';
import type { ItemText, Translations } from '@/lib/translated-content';
import type { ComponentType, SVGProps } from 'react';
import { AdminCardActions } from '@/components/admin/admin-card-actions';
import { FacebookIcon, InstagramIcon, LinkedinIcon, TwitterIcon } from '@/components/ui/icons';
import { OptimizedImage } from '@/components/ui/optimized-image';

export type InstructorCardData = {
  id: string;
  /** The subject is part of the update address (/{subject}/newAdd/{id}). */
  Subject: string;
  name: string;
  img: string;
  education: string;
  /** The translated name (`title`) and education (`description`) (lib/translated-content.ts). */
  translations?: Translations<ItemText>;
  facebook: string;
  twitter: string;
  instagram: string;
  linkedin: string;
};

type Network = { key: 'facebook' | 'twitter' | 'instagram' | 'linkedin'; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> };

const NETWORKS: Network[] = [
  { key: 'facebook', label: 'Facebook', Icon: FacebookIcon },
  { key: 'twitter', label: 'Twitter', Icon: TwitterIcon },
  { key: 'instagram', label: 'Instagram', Icon: InstagramIcon },
  { key: 'linkedin', label: 'LinkedIn', Icon: LinkedinIcon },
];

/** Only web addresses become links; anything else an admin typed is left out rather than broken. */
function isWebAddress(value: string): boolean {
  return /^https?:\/\//i.test(value.trim());
}

/** An instructor: photo, name, education and the social links that are set, each with an accessible name. */
export async function InstructorCard({ instructor, headingLevel: Heading = 'h2' }: { instructor: InstructorCardData; headingLevel?: 'h2' | 'h3' }) {
  const [t, locale] = await Promise.all([getTranslations('instructorCard'), getLocale()]);
  const name = translated(instructor.name, instructor.translations, 'title', locale);
  const education = translated(instructor.education, instructor.translations, 'description', locale);
  const links = NETWORKS.filter((network) => isWebAddress(instructor[network.key]));
  return (
    <article className="relative flex w-full flex-col items-center rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <OptimizedImage
        src={instructor.img}
        alt={t('photoAlt', { name })}
        width={320}
        height={320}
        sizes="160px"
        className="h-36 w-36 rounded-full object-cover ring-4 ring-brand-100"
      />
      <AdminCardActions kind="instructor" id={instructor.id} name={name} editHref={`/${instructor.Subject}/newAdd/${instructor.id}`} className="absolute right-2 top-2 z-10" />
      <Heading className="mt-4 text-lg font-bold text-brand-900">{name}</Heading>
      <p className="mt-1 text-sm text-slate-700">{education}</p>
      {links.length > 0 ? (
        <ul className="mt-4 flex gap-2" aria-label={t('socialMedia', { name })}>
          {links.map(({ key, label, Icon }) => (
            <li key={key}>
              <a
                href={instructor[key]}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('network', { name, network: label })}
                className="flex h-10 w-10 items-center justify-center rounded-full border border-slate-300 text-brand-700 hover:bg-brand-50"
              >
                <Icon />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
