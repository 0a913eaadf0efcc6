import { ArticleIcon, FileDownloadIcon, PlayIcon, QuizIcon } from '@/components/ui/icons';
import type { LessonKind } from '@/lib/curriculum';

const ICONS = { video: PlayIcon, article: ArticleIcon, file: FileDownloadIcon, quiz: QuizIcon } as const;

/** A lesson's type as an icon; the row around it names the type in words for screen readers. */
export function LessonKindIcon({ kind, className = 'h-4 w-4' }: { kind: LessonKind; className?: string }) {
  const Icon = ICONS[kind];
  return <Icon className={`shrink-0 ${className}`} />;
}
