'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { toast } from 'sonner';
import { addCourseAction } from '@/server/actions/courses';
import { courseAddSchema } from '@/lib/schemas/course';
import type { CourseAddInput, CourseAddValues } from '@/lib/schemas/course';
import { COURSE_TYPE_OPTIONS } from './choices';
import { SelectField, SubmitButton, TextAreaField, TextField } from './form-fields';
import { showServerErrors, useUploadsInFlight } from './form-state';
import { ImageField } from './image-field';
import { HydratedForm } from '@/components/ui/hydrated-form';

export const COURSE_ADDED_MESSAGE = 'Course added successfully';

const FIELDS: readonly Path<CourseAddInput>[] = [
  'classCourse', 'title', 'img', 'price', 'ShortDescription', 'instructorImg', 'instructorName',
  'education', 'about', 'video', 'hours', 'videos', 'quizzes', 'notes',
];

/** Add Course (spec §5): every field required; the enrolment count, promo code and texts get the §9 defaults. */
export function CourseAddForm() {
  // A new key remounts the form: that is how it empties after a course is added.
  const [formKey, setFormKey] = useState(0);
  return <CourseAddFields key={formKey} onAdded={() => setFormKey((key) => key + 1)} />;
}

function CourseAddFields({ onAdded }: { onAdded: () => void }) {
  const form = useForm<CourseAddInput, unknown, CourseAddValues>({ resolver: zodResolver(courseAddSchema) });
  const [uploading, trackUpload] = useUploadsInFlight();
  const { errors, isSubmitting } = form.formState;

  async function save(values: CourseAddValues) {
    const result = await addCourseAction(values);
    if (!result.ok) {
      showServerErrors(form.setError, result.fieldErrors, FIELDS);
      toast.error(result.message);
      return;
    }
    toast.success(COURSE_ADDED_MESSAGE);
    onAdded();
  }

  const imageProps = (name: 'img' | 'instructorImg') => ({
    registration: form.register(name),
    value: String(form.watch(name) ?? ''),
    error: errors[name]?.message,
    onUploaded: (url: string) => form.setValue(name, url, { shouldValidate: true, shouldDirty: true }),
    onBusyChange: trackUpload,
  });
  const count = (name: 'hours' | 'videos' | 'quizzes' | 'notes', label: string) => (
    <TextField id={`course-${name}`} label={label} type="number" inputMode="numeric" min={1} step="1" registration={form.register(name, { valueAsNumber: true })} error={errors[name]?.message} />
  );

  return (
    <HydratedForm noValidate onSubmit={form.handleSubmit(save)} className="space-y-6" aria-busy={isSubmitting}>
      <fieldset disabled={isSubmitting} className="grid gap-5 md:grid-cols-2">
        <legend className="sr-only">Course details</legend>
        <SelectField id="course-type" label="Course type" placeholder="Choose a course type" options={COURSE_TYPE_OPTIONS} registration={form.register('classCourse')} error={errors.classCourse?.message} />
        <TextField id="course-title" label="Title" registration={form.register('title')} error={errors.title?.message} />
        <ImageField id="course-img" label="Image" {...imageProps('img')} />
        <TextField id="course-price" label="Price (dollars)" type="number" inputMode="decimal" min={1} step="0.01" registration={form.register('price', { valueAsNumber: true })} error={errors.price?.message} />
        <TextAreaField id="course-description" label="Description" className="md:col-span-2" registration={form.register('ShortDescription')} error={errors.ShortDescription?.message} />
        <TextField id="course-instructor-name" label="Instructor name" registration={form.register('instructorName')} error={errors.instructorName?.message} />
        <ImageField id="course-instructor-img" label="Instructor image" {...imageProps('instructorImg')} />
        <TextField id="course-education" label="Education" registration={form.register('education')} error={errors.education?.message} />
        <TextField id="course-video" label="Video (YouTube address)" type="url" inputMode="url" placeholder="https://www.youtube.com/watch?v=…" registration={form.register('video')} error={errors.video?.message} />
        <TextAreaField id="course-about" label="About the instructor" className="md:col-span-2" registration={form.register('about')} error={errors.about?.message} />
        <div className="grid grid-cols-2 gap-5 md:col-span-2 lg:grid-cols-4">
          {count('hours', 'Hours')}
          {count('videos', 'Videos')}
          {count('quizzes', 'Quizzes')}
          {count('notes', 'Notes')}
        </div>
      </fieldset>
      <SubmitButton busy={isSubmitting || uploading} label="Add Course" busyLabel={uploading ? 'Uploading…' : 'Saving…'} />
    </HydratedForm>
  );
}
