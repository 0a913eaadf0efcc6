import { editableTranslations } from '@/lib/translated-content';
import { redirectInLocale } from '@/i18n/server-redirect';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { notFound } from 'next/navigation';
import { ObjectId } from 'mongodb';
import { AdminFormPage } from '@/components/admin/admin-form-page';
import { CurriculumEditor } from '@/components/admin/curriculum/curriculum-editor';
import { CourseUpdateForm } from '@/components/admin/course-update-form';
import { PublishCourse } from '@/components/admin/publish-course';
import { lessonsOf } from '@/lib/curriculum';
import { WithClientMessages } from '@/i18n/with-client-messages';
import { routes } from '@/lib/routes';
import { listLessonContents } from '@/server/catalogue/admin/curriculum';
import { getCourseForAdmin } from '@/server/catalogue/courses';
import { requirePermissionPage } from '@/server/accounts/guards';
import { listInstructorChoices } from '@/server/catalogue/instructors';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('courseForm');
  return { title: t('update'), robots: { index: false } };
}

type Props = { params: Promise<{ classCourse: string; id: string }> };

export default async function UpdateCoursePage({ params }: Props) {
  const { classCourse, id } = await params;
  await requirePermissionPage('manageCatalogue', `/${classCourse}/update/${id}`);
  const course = await getCourseForAdmin(id);
  if (!course) notFound();
  // The list is part of the address; an old or mistyped one leads to the course's real address.
  if (course.classCourse !== classCourse) return redirectInLocale(`/${course.classCourse}/update/${course.id}`);
  const [t, shared, instructors, contents] = await Promise.all([
    getTranslations('courseForm'),
    getTranslations('adminForms'),
    listInstructorChoices(),
    listLessonContents(new ObjectId(course.id)),
  ]);
  // Courses made before instructors were picked name theirs: the same name in Instructors is them.
  const instructorId = course.instructorId ?? instructors.find((instructor) => instructor.name === course.instructorName)?.id;
  // A draft has no public page yet: its screen says so and offers Publish instead.
  const note = course.draft ? (
    <WithClientMessages namespaces={['courseForm', 'errors']}>
      <PublishCourse courseId={course.id} lessons={lessonsOf(course.curriculum).length} />
    </WithClientMessages>
  ) : (
    <Link className="font-semibold text-brand-700 hover:underline" href={routes.courseDetail(course.classCourse, course.id)}>
      {shared('view', { title: course.title })}
    </Link>
  );
  return (
    <AdminFormPage title={t('update')} note={note}>
      <WithClientMessages namespaces={['courseForm', 'curriculumEditor', 'adminForms', 'languages', 'ui', 'errors']}>
        <CourseUpdateForm
          id={course.id}
          draft={course.draft}
          instructors={instructors}
          typedInstructor={instructorId ? null : course.instructorName}
          initial={{
            title: course.title,
            img: course.img,
            price: course.price,
            // In taka as typed; none when the course has no taka price yet (the form then asks for one).
            ...(course.pricePaisa === undefined ? {} : { priceBdt: course.pricePaisa / 100 }),
            ShortDescription: course.ShortDescription,
            ...(instructorId ? { instructorId } : {}),
            about: course.about,
            // A draft goes on sale by Publish: its form sends no "coming soon" (false would publish it).
            ...(course.draft ? {} : { comingSoon: course.comingSoon }),
            translations: editableTranslations(course.translations),
          }}
        />
        <CurriculumEditor courseId={course.id} curriculum={course.curriculum} contents={contents} />
      </WithClientMessages>
    </AdminFormPage>
  );
}
