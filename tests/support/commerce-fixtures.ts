// Catalogue items, buyers and orders for the commerce integration tests, written straight into the
// test database (the order and payment code under test reads them back like production data).
import { ObjectId } from 'mongodb';
import { createSamplePdf, createSilentMp3 } from '@/scripts/demo-files';
import { storeBookFile } from '@/server/catalogue/book-files';
import { collection } from '@/server/platform/db';
import type { BookDocument, CourseDocument, OrderDocument } from '@/server/platform/documents';
import type { Buyer } from '@/server/commerce/orders';

export function makeBuyer(name: string): Buyer & { email: string } {
  return { id: new ObjectId().toHexString(), email: `${name.toLowerCase()}-${Date.now().toString(36)}@example.com`, name };
}

export async function insertCourse(overrides: Partial<CourseDocument> = {}): Promise<CourseDocument> {
  const part = { title: 'Part', point1: 'One', point2: 'Two', point3: 'Three' };
  const course: CourseDocument = {
    _id: new ObjectId(),
    classCourse: 'classNine',
    title: 'Physics for Class Nine',
    img: '/demo/courses/physics.webp',
    priceCents: 1999,
    state: 'unread',
    ShortDescription: 'Motion, force and energy.',
    objective: { point1: 'One', point2: 'Two', point3: 'Three' },
    instructorImg: '/demo/instructors/teacher.webp',
    instructorName: 'Teacher',
    education: 'MSc',
    about: 'About the teacher.',
    syllabus: { free: part, email: part, monologues: part },
    video: 'https://www.youtube.com/embed/abcdefghijk',
    promoCode: 'KZ2026',
    Enrolled: 25,
    hours: 10,
    videos: 20,
    quizzes: 5,
    notes: 5,
    transcripts: 10,
    createdAt: new Date(),
    ...overrides,
  };
  await (await collection('courses')).insertOne(course);
  return course;
}

export async function insertBook(overrides: Partial<BookDocument> = {}): Promise<BookDocument> {
  const book: BookDocument = {
    _id: new ObjectId(),
    bookName: 'Stories of the Prophets: Audio Edition',
    img: '/demo/books/stories.webp',
    priceCents: 650,
    state: 'unread',
    writerName1: 'Writer',
    writerImg: '/demo/writers/writer.webp',
    educationWriter1: 'MA',
    objective: { point1: 'One', point2: 'Two', point3: 'Three' },
    about: 'About the book.',
    page: 120,
    interactive: 'NO',
    formate: 'MP3',
    filesize: '1 MB',
    createdAt: new Date(),
    ...overrides,
  };
  await (await collection('books')).insertOne(book);
  return book;
}

/** A book on sale: with its stored, verified file (a book without one cannot be ordered). */
export async function insertBookOnSale(overrides: Partial<BookDocument> = {}): Promise<BookDocument> {
  const book = await insertBook(overrides);
  const file = book.formate === 'MP3' ? createSilentMp3(book.bookName, 1) : createSamplePdf(book.bookName);
  await storeBookFile(book._id, (async function* () { yield file; })(), book.formate === 'MP3' ? 'audio/mpeg' : 'application/pdf');
  return book;
}

/** An order as the checkout would have left it (paid or not), for tests that start mid-way. */
export async function insertOrder(buyer: Buyer, item: { _id: ObjectId; priceCents: number }, overrides: Partial<OrderDocument> = {}): Promise<OrderDocument> {
  const order: OrderDocument = {
    _id: new ObjectId(),
    userId: new ObjectId(buyer.id),
    userName: buyer.name,
    email: buyer.email ?? '',
    itemKind: 'book',
    itemId: item._id,
    productName: 'Item',
    img: '/demo/item.webp',
    priceCents: item.priceCents,
    paid: false,
    createdAt: new Date(),
    ...overrides,
  };
  await (await collection('orders')).insertOne(order);
  return order;
}
