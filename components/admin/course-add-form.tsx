'use client';

import { TranslatedTextFields } from './translated-text-fields';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useRouter } from '@/i18n/navigation';
import { routes } from '@/lib/routes';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { toast } from 'sonner';
import { addCourseAction } from '@/server/actions/courses';
import { courseAddSchema } from '@/lib/schemas/course';
import type { CourseAddInput, CourseAddValues } from '@/lib/schemas/course';
import type { InstructorChoice } from '@/server/catalogue/instructors';
import { useCourseTypeOptions, useInstructorOptions } from './choices';
import { SelectField, SubmitButton, TextAreaField, TextField } from './form-fields';
import { CORRECT_THE_FIELDS, FormAlert } from './form-alert';
import { showServerErrors, useUploadsInFlight } from './form-state';
import { ImageField } from './image-field';
import { HydratedForm } from '@/components/ui/hydrated-form';
import { useErrorText } from '@/i18n/use-error-text';

const FIELDS: readonly Path<CourseAddInput>[] = ['classCourse', 'title', 'img', 'price', 'priceBdt', 'ShortDescription', 'instructorId', 'about', 'video'];

/**
 * Add Course (docs/product.md §5): every field required but the promo video; the promo code gets the §9
 * default, the instructor is picked from Instructors and the counts come from the curriculum. A
 * course is a draft with nothing to sell until it has lessons, so it opens in its curriculum editor.
 */
export function CourseAddForm({ instructors }: { instructors: readonly InstructorChoice[] }) {
  const t = useTranslations('courseForm');
  const router = useRouter();
  const shared = useTranslations('adminForms');
  const errorText = useErrorText();
  const courseTypeOptions = useCourseTypeOptions();
  const instructorOptions = useInstructorOptions(instructors);
  const form = useForm<CourseAddInput, unknown, CourseAddValues>({ resolver: zodResolver(courseAddSchema) });
  const [uploading, trackUpload] = useUploadsInFlight();
  const [problems, setProblems] = useState<readonly string[]>([]);
  const { errors, isSubmitting } = form.formState;

  async function save(values: CourseAddValues) {
    setProblems([]);
    const result = await addCourseAction(values);
    if (!result.ok) {
      setProblems(showServerErrors(form.setError, result.fieldErrors, FIELDS));
      toast.error(errorText(result.message));
      return;
    }
    toast.success(t('added'), { description: t('addLessonsNext') });
    router.push(routes.courseCurriculum(result.data.classCourse, result.data.id));
  }


  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(save, () => setProblems([CORRECT_THE_FIELDS]))} className="space-y-6" aria-busy={isSubmitting}>
      <fieldset disabled={isSubmitting} className="grid gap-5 md:grid-cols-2">
        <legend className="sr-only">{t('legend')}</legend>
        <SelectField id="course-type" label={t('courseType')} placeholder={t('chooseCourseType')} options={courseTypeOptions} registration={form.register('classCourse')} error={errors.classCourse?.message} />
        <TextField id="course-title" label={t('title')} registration={form.register('title')} error={errors.title?.message} />
        <ImageField
          id="course-img"
          label={t('image')}
          registration={form.register('img')}
          value={String(form.watch('img') ?? '')}
          error={errors.img?.message}
          onUploaded={(url) => form.setValue('img', url, { shouldValidate: true, shouldDirty: true })}
          onBusyChange={trackUpload}
        />
        {/* The two prices share the cell beside the image, dollars then taka. */}
        <div className="grid content-start gap-5">
          <TextField id="course-price" label={t('price')} hint={t('priceHint')} type="number" inputMode="decimal" min={0} step="0.01" registration={form.register('price', { valueAsNumber: true })} error={errors.price?.message} />
          <TextField id="course-price-bdt" label={t('priceBdt')} hint={t('priceBdtHint')} type="number" inputMode="decimal" min={0} step="0.01" registration={form.register('priceBdt', { valueAsNumber: true })} error={errors.priceBdt?.message} />
        </div>
        <TextAreaField id="course-description" label={t('description')} className="md:col-span-2" registration={form.register('ShortDescription')} error={errors.ShortDescription?.message} />
        <SelectField id="course-instructor" label={t('instructor')} hint={t('instructorHint')} placeholder={t('chooseInstructor')} options={instructorOptions} registration={form.register('instructorId')} error={errors.instructorId?.message} />
        <TextField id="course-video" label={t('video')} hint={t('videoHint')} type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=…" registration={form.register('video')} error={errors.video?.message} />
        <TextAreaField id="course-about" label={t('about')} className="md:col-span-2" registration={form.register('about')} error={errors.about?.message} />
        <TranslatedTextFields idPrefix="course" register={(locale, field) => form.register(`translations.${locale}.${field}`)} errors={errors.translations} />
      </fieldset>
      <FormAlert messages={problems} />
      <SubmitButton busy={isSubmitting || uploading} label={t('add')} busyLabel={uploading ? shared('uploading') : shared('saving')} />
    </HydratedForm>
  );
}
