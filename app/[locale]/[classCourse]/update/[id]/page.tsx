import { redirectInLocale } from '@/i18n/server-redirect';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { ObjectId } from 'mongodb';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { CurriculumEditor } from '@/components/admin/curriculum/curriculum-editor';
import { CourseUpdateForm } from '@/components/admin/course-update-form';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { routes } from '@/lib/routes';
import { listLessonContents } from '@/server/catalogue-admin/curriculum';
import { getCourse } from '@/server/courses';
import { requireAdminPage } from '@/server/guards';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('courseForm');
  return { title: t('update'), robots: { index: false } };
}

type Props = { params: Promise<{ classCourse: string; id: string }> };

export default async function UpdateCoursePage({ params }: Props) {
  const { classCourse, id } = await params;
  await requireAdminPage(`/${classCourse}/update/${id}`);
  const course = await getCourse(id);
  if (!course) notFound();
  // The list is part of the address; an old or mistyped one leads to the course's real address.
  if (course.classCourse !== classCourse) return redirectInLocale(`/${course.classCourse}/update/${course.id}`);
  const t = await getTranslations('courseForm');
  const shared = await getTranslations('adminForms');
  return (
    <AdminFormPage title={t('update')} note={<Link className="font-semibold text-brand-700 hover:underline" href={routes.courseDetail(course.classCourse, course.id)}>{shared('view', { title: course.title })}</Link>}>
      <WithClientMessages namespaces={['courseForm', 'curriculumEditor', 'adminForms', 'ui', 'errors']}>
        <CourseUpdateForm
          id={course.id}
          initial={{
            title: course.title,
            img: course.img,
            price: course.price,
            // In taka as typed; none when the course has no taka price yet (the form then asks for one).
            ...(course.pricePaisa === undefined ? {} : { priceBdt: course.pricePaisa / 100 }),
            ShortDescription: course.ShortDescription,
            instructorName: course.instructorName,
            education: course.education,
            about: course.about,
            hours: course.hours,
            videos: course.videos,
            quizzes: course.quizzes,
            notes: course.notes,
            comingSoon: course.comingSoon,
            bn: { title: course.bn?.title ?? '', description: course.bn?.description ?? '' },
          }}
        />
        <CurriculumEditor courseId={course.id} curriculum={course.curriculum} contents={await listLessonContents(new ObjectId(course.id))} />
      </WithClientMessages>
    </AdminFormPage>
  );
}
