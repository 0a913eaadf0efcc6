// How My Collection lets a buyer at a paid item (docs/product.md §2): the server decides, the page renders.
export type ItemAccess =
  | {
      kind: 'course';
      /** The course from its first lesson, and where the learner left off. */
      openHref: string;
      continueHref: string;
      percent: number;
      started: boolean;
      /** The title of the lesson the learner was last in (null before the first). */
      lastLessonTitle: string | null;
      /** The certificate of completion, once every lesson is complete (absent until then). */
      certificateHref?: string;
    }
  | {
      kind: 'book';
      format: BookFileFormat;
      /** The book's page in My Collection: the reader or the listen page. */
      shelfHref: string;
      fileUrl: string;
      sizeBytes: number;
    }
  | { kind: 'no-file' }
  | { kind: 'removed' };

export type BookFileFormat = 'pdf' | 'audio';

export function bookFileFormat(contentType: 'application/pdf' | 'audio/mpeg'): BookFileFormat {
  return contentType === 'audio/mpeg' ? 'audio' : 'pdf';
}
