import { OptimizedImage } from '@/components/ui/optimized-image';
import { INVESTORS, INVESTORS_CAPTION, INVESTORS_HEADING } from '@/lib/home-content';
import { Carousel } from './carousel';
import { HomeSection } from './section-heading';

/** Spec §9: ten testimonial cards, 3 per view. */
export function InvestorsSection() {
  return (
    <HomeSection id="home-investors" title={INVESTORS_HEADING} caption={INVESTORS_CAPTION} className="bg-white">
      <Carousel
        label={INVESTORS_HEADING}
        slideClassName="basis-full md:basis-1/2 lg:basis-1/3"
        slides={INVESTORS.map((investor) => (
          <figure key={investor.name} className="flex h-full flex-col rounded-2xl bg-brand-50 p-6 ring-1 ring-inset ring-brand-100">
            <blockquote className="flex-1 text-slate-800">
              <p>“{investor.quote}”</p>
            </blockquote>
            <figcaption className="mt-5 flex items-center gap-3">
              <OptimizedImage src={investor.img} alt={investor.alt} width={56} height={56} className="h-14 w-14 rounded-full object-cover" />
              <span>
                <span className="block font-semibold text-brand-900">{investor.name}</span>
                <span className="block text-sm text-slate-700">{investor.title}</span>
              </span>
            </figcaption>
          </figure>
        ))}
      />
    </HomeSection>
  );
}
