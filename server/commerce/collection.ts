import 'server-only';
import { routing } from '@/i18n/routing';
import { lessonIn, lessonsOf, percentComplete } from '@/lib/curriculum';
import { bookFileFormat } from '@/lib/item-access';
import type { ItemAccess } from '@/lib/item-access';
import { routes } from '@/lib/routes';
import { toCurriculum } from '../learning/curriculum';
import { findBooksForBuyers, findCoursesForBuyers } from '../catalogue/admin/unlisting';
import { collection, withDb } from '../platform/db';
import { itemIdsOf, listPaidOrders } from './orders';
import type { Order, OrderPage } from './orders';
import { readProgressForCourses } from '../learning/progress';
import type { User } from '../accounts/users';

// My Collection (docs/product.md §2), the learner's page: the paid orders, each with its way in. A course
// opens the lesson player with the learner's progress and last lesson; a book opens its page in
// My Collection (the PDF reader or the listen page) and offers its file at a lasting address.

/** `cover`: the course's picture or the book's cover (null once the item is gone). */
export type CollectionEntry = { order: Order; cover: string | null; access: ItemAccess };

export type CollectionPage = Omit<OrderPage, 'items'> & { items: CollectionEntry[] };

/** `locale`: the page's language, which the last lesson's title is shown in where translated. */
export async function listCollection(user: Pick<User, 'id'>, page: number, locale: string = routing.defaultLocale): Promise<CollectionPage> {
  const orders = await listPaidOrders(user, page);
  // Three lookups for the whole page (each course's outline, the books' covers, which books have a
  // file), then the progress.
  const [courses, books, bookFiles] = await withDb(async () =>
    Promise.all([
      // Unlisted items too: deleting a bought course or book keeps it here (server/catalogue/admin/unlisting.ts).
      findCoursesForBuyers(itemIdsOf(orders.items, 'course'), { curriculum: 1, img: 1 }),
      findBooksForBuyers(itemIdsOf(orders.items, 'book'), { img: 1 }),
      (await collection('bookFileMeta')).find({ _id: { $in: itemIdsOf(orders.items, 'book') } }, { projection: { contentType: 1, length: 1 } }).toArray(),
    ]),
  );
  const curricula = new Map(courses.map((course) => [course._id.toHexString(), toCurriculum(course.curriculum)]));
  const covers = new Map([...courses, ...books].map((item) => [item._id.toHexString(), item.img]));
  const progress = await readProgressForCourses(user.id, [...curricula.keys()]);
  const files = new Map(bookFiles.map((file) => [file._id.toHexString(), file]));

  const accessFor = (order: Order): ItemAccess => {
    if (order.itemKind === 'course') {
      const curriculum = curricula.get(order.itemId);
      if (!curriculum) return { kind: 'removed' };
      const learner = progress.get(order.itemId);
      const lessons = lessonsOf(curriculum);
      const lastLessonId = learner?.lastLessonId ?? null;
      const lastLesson = lessons.find((lesson) => lesson.id === lastLessonId);
      return {
        kind: 'course',
        openHref: routes.learn(order.itemId, lessons[0]?.id),
        continueHref: routes.learn(order.itemId),
        percent: percentComplete(curriculum, learner?.completed ?? new Set<string>()),
        started: lastLessonId !== null,
        lastLessonTitle: lastLesson ? lessonIn(lastLesson, locale).title : null,
        ...(learner?.certificateId ? { certificateHref: routes.certificate(learner.certificateId) } : {}),
      };
    }
    const file = files.get(order.itemId);
    if (!file) return { kind: 'no-file' };
    return { kind: 'book', format: bookFileFormat(file.contentType), shelfHref: routes.bookShelf(order.itemId), fileUrl: routes.bookFile(order.itemId), sizeBytes: file.length };
  };

  return { ...orders, items: orders.items.map((order) => ({ order, cover: covers.get(order.itemId) ?? null, access: accessFor(order) })) };
}
