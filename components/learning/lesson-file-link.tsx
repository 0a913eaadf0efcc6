import { useLocale } from 'next-intl';
import { FileDownloadIcon } from '@/components/ui/icons';
import { formatFileSize } from '@/lib/book-file-upload';

/** A lesson's download (a file lesson, or a lesson's notes) with its name and size. */
export function LessonFileLink({ href, file, label }: { href: string; file: { name: string; length: number }; label: string }) {
  const locale = useLocale();
  return (
    <a href={href} download className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 hover:border-brand-500 hover:bg-brand-50">
      <FileDownloadIcon className="h-8 w-8 shrink-0 text-brand-700" />
      <span className="min-w-0">
        <span className="block font-semibold text-brand-900">
          {label}: {file.name}
        </span>
        <span className="block text-sm text-slate-700">{formatFileSize(file.length, locale)}</span>
      </span>
    </a>
  );
}
