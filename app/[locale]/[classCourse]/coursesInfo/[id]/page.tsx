import { localizeItem } from '@/lib/translated-content';
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { BuyButton } from '@/components/catalogue/buy-button';
import { ComingSoonNote } from '@/components/catalogue/coming-soon-note';
import { OptimizedImage } from '@/components/ui/optimized-image';
import { FactList } from '@/components/catalogue/fact-list';
import { JsonLd } from '@/components/catalogue/json-ld';
import { PersonBlock } from '@/components/catalogue/person-block';
import { ObjectiveSection, PointList } from '@/components/catalogue/point-list';
import { writtenSyllabusParts } from '@/lib/written-points';
import { VideoEmbed } from '@/components/catalogue/video-embed';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { CourseCurriculum } from '@/components/learning/course-curriculum';
import { ITEM_REVIEWS_CLIENT_NAMESPACES, ItemReviewsSection } from '@/components/reviews/item-reviews-section';
import { RatingLink } from '@/components/reviews/stars';
import { isCourseList, listPageFor } from '@/lib/catalogue';
import { ItemPrice } from '@/components/catalogue/item-price';
import { formatNumber } from '@/lib/format';
import { routes } from '@/lib/routes';
import { getCourse } from '@/server/catalogue/courses';
import type { Course } from '@/server/catalogue/courses';
import { listItemReviews } from '@/server/reviews/item-reviews';
import { promoCodeShownFor } from '@/server/commerce/promo-codes';
import { pageMetadata } from '@/app/_catalogue/seo';
import { courseStructuredData } from '@/app/_catalogue/structured-data';

// Rendered on first request, then served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once: server/catalogue/catalogue-cache.ts).
// No loading.tsx on purpose (see components/catalogue/skeletons.tsx): the cover, the largest
// paint, waited behind a fallback for the framework's scripts (Lighthouse mobile 88 → 95-99).
export const revalidate = 300;

export async function generateStaticParams(): Promise<{ classCourse: string; id: string }[]> {
  return [];
}

type Props = { params: Promise<{ classCourse: string; id: string }> };

/** The course of this address: 404 for an unknown list or id, a redirect when the list moved. */
async function loadCourse(params: Props['params']): Promise<Course> {
  const { classCourse, id } = await params;
  if (!isCourseList(classCourse)) notFound();
  const course = await getCourse(id);
  if (!course) notFound();
  if (course.classCourse !== classCourse) permanentRedirect(routes.courseDetail(course.classCourse, course.id));
  return localizeItem(course, { title: 'title', description: 'ShortDescription' }, await getLocale());
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const course = await loadCourse(params);
  return pageMetadata({
    title: course.title,
    description: course.ShortDescription,
    path: routes.courseDetail(course.classCourse, course.id),
    image: course.img,
  });
}

export default async function CourseDetailPage({ params }: Props) {
  const course = await loadCourse(params);
  const [t, tNav, tLists] = await Promise.all([getTranslations('course'), getTranslations('nav'), getTranslations('lists')]);
  const locale = await getLocale();
  // Counts keep the digits the page always showed (no grouping), in the page's script.
  const count = (value: number) => formatNumber(value, locale, { useGrouping: false });
  const list = listPageFor(course.classCourse);
  // Only what the admin wrote. A course with lessons shows its curriculum instead: that is its syllabus.
  const syllabus = course.curriculum.length > 0 ? [] : writtenSyllabusParts(course.syllabus);
  const reviews = await listItemReviews(course.id, 1, course.rating);
  const path = routes.courseDetail(course.classCourse, course.id);
  // Only a code that exists and can be used for this course now (server/commerce/promo-codes.ts).
  const promoCode = await promoCodeShownFor(course.id, course.classCourse, course.promoCode);

  return (
    // One set of browser messages for the client parts (the buy button and the review form).
    <WithClientMessages namespaces={[...ITEM_REVIEWS_CLIENT_NAMESPACES, 'catalogueBuy']}>
      <div className="container-page py-6 lg:py-10">
        <JsonLd data={courseStructuredData(course, reviews.items, locale)} />
        <Breadcrumbs trail={[{ href: '/', label: tNav('home') }, { href: list.href, label: tLists(`course.${course.classCourse}`) }]} current={course.title} />

        <header className="mt-4 max-w-3xl">
          <h1 className="text-3xl font-extrabold leading-tight text-brand-900 sm:text-4xl">{course.title}</h1>
          <p className="mt-3 text-lg text-slate-800">{course.ShortDescription}</p>
          <RatingLink rating={course.rating} className="mt-3" />
        </header>

        <div className="mt-6 grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <aside aria-label={t('buyAside')} className="lg:order-last">
            <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm lg:sticky lg:top-20">
              <OptimizedImage
                src={course.img}
                alt={course.title}
                width={704}
                height={396}
                sizes="(min-width: 1024px) 352px, (min-width: 640px) 80vw, 92vw"
                priority
                className="aspect-video h-auto w-full object-cover"
              />
              <div className="space-y-4 p-5">
                <p className="text-3xl font-extrabold text-brand-900">
                  <span className="sr-only">{t('price')}</span>
                  <ItemPrice priceCents={course.priceCents} pricePaisa={course.pricePaisa} locale={locale} free={t('free')} secondClassName="text-lg font-semibold text-slate-600" />
                </p>
                {course.comingSoon ? (
                  <ComingSoonNote />
                ) : (
                  <BuyButton
                    itemId={course.id}
                    itemName={course.title}
                    kind="course"
                    free={course.priceCents === 0}
                    promoNote={
                      promoCode ? (
                        <p className="text-sm text-slate-700">
                          {t.rich('promoCode', {
                            code: promoCode,
                            mark: (chunks) => <span className="rounded bg-amber-100 px-2 py-0.5 font-mono font-bold text-slate-900">{chunks}</span>,
                          })}
                        </p>
                      ) : null
                    }
                  />
                )}
              </div>
            </div>
          </aside>

          <div className="space-y-10">
            <FactList
              label={t('facts')}
              facts={[
                { label: t('enrolled'), value: count(course.Enrolled) },
                { label: t('hours'), value: count(course.hours) },
                { label: t('videos'), value: count(course.videos) },
                { label: t('quizzes'), value: count(course.quizzes) },
                { label: t('notes'), value: count(course.notes) },
                { label: t('transcripts'), value: count(course.transcripts) },
              ]}
            />

            <ObjectiveSection heading={t('whatYouWillLearn')} points={course.objective} />

            {course.curriculum.length > 0 ? <CourseCurriculum courseId={course.id} curriculum={course.curriculum} /> : null}

            {course.video ? (
              <section aria-labelledby="video-heading">
                <h2 id="video-heading" className="mb-4 text-2xl font-bold text-brand-900">{t('video')}</h2>
                <VideoEmbed url={course.video} title={t('videoTitle', { title: course.title })} />
              </section>
            ) : null}

            {syllabus.length > 0 ? (
              <section aria-labelledby="syllabus-heading">
                <h2 id="syllabus-heading" className="mb-4 text-2xl font-bold text-brand-900">{t('syllabus')}</h2>
                <ol className="space-y-4">
                  {syllabus.map((part, index) => (
                    <li key={index} className="rounded-xl border border-slate-200 bg-white p-5">
                      <h3 className="mb-3 text-lg font-bold text-brand-900">
                        <span className="mr-2 text-brand-600">{formatNumber(index + 1, locale)}.</span>
                        {part.title}
                      </h3>
                      <PointList points={part} />
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}

            <section aria-labelledby="instructor-heading">
              <h2 id="instructor-heading" className="mb-4 text-2xl font-bold text-brand-900">{t('instructor')}</h2>
              <div className="rounded-xl border border-slate-200 bg-white p-5">
                <PersonBlock role={t('instructor')} name={course.instructorName} img={course.instructorImg} education={course.education} about={course.about} />
              </div>
            </section>

            <ItemReviewsSection itemId={course.id} itemKind="course" itemPath={path} rating={course.rating} reviews={reviews} paging="more-link" />
          </div>
        </div>
      </div>
    </WithClientMessages>
  );
}
