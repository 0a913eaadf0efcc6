import { OptimizedImage } from '@/components/ui/optimized-image';

type PersonBlockProps = {
  name: string;
  img: string;
  education: string;
  about?: string;
  /** What the person is to the item, for the photo's alternative text ("Instructor", "Writer"). */
  role: string;
};

/** A course's instructor or a book's writer: photo, name, education and, when known, about. */
export function PersonBlock({ name, img, education, about, role }: PersonBlockProps) {
  return (
    <div className="flex gap-4">
      {img ? (
        <OptimizedImage src={img} alt={`${role} ${name}`} width={192} height={192} sizes="96px" className="h-20 w-20 shrink-0 rounded-full object-cover ring-4 ring-brand-100 sm:h-24 sm:w-24" />
      ) : null}
      <div>
        <p className="text-lg font-bold text-brand-900">{name}</p>
        <p className="text-sm font-medium text-slate-700">{education}</p>
        {about ? <p className="mt-2 text-slate-800">{about}</p> : null}
      </div>
    </div>
  );
}
