import { insertBookOnSale, insertCourse, insertOrder, makeBuyer } from '@/tests/support/commerce-fixtures';
import { selectPrivateDatabase } from '@/tests/support/private-database';

// My Order and My Collection name items in the page's language, against the real embedded database.
selectPrivateDatabase('kz_jest_order_item_names');

type Modules = { names: typeof import('./order-item-names'); orders: typeof import('./orders'); db: typeof import('../platform/db') };
let m: Modules;

beforeAll(async () => {
  m = { names: await import('./order-item-names'), orders: await import('./orders'), db: await import('../platform/db') };
});

afterAll(async () => {
  await m.db.closeDb();
});

it('names items by their Bengali title on the Bengali site, by the ordered name otherwise', async () => {
  const buyer = makeBuyer('Nadia');
  const physics = await insertCourse({ title: 'Physics', translations: { bn: { title: 'পদার্থবিজ্ঞান' } } });
  const plain = await insertCourse({ title: 'Chemistry' });
  const book = await insertBookOnSale({ bookName: 'Poems', translations: { bn: { title: 'কবিতা' } } });
  await insertOrder(buyer, physics, { itemKind: 'course', productName: 'Physics' });
  await insertOrder(buyer, plain, { itemKind: 'course', productName: 'Chemistry' });
  await insertOrder(buyer, book, { productName: 'Poems' });
  const { items } = await m.orders.listOrders(buyer, 'all', 1);
  const byName = (names: Map<string, string>) => items.map((order) => names.get(order.id)).sort();

  expect(byName(await m.names.orderItemNames(items, 'bn'))).toEqual(['Chemistry', 'কবিতা', 'পদার্থবিজ্ঞান']);
  expect(byName(await m.names.orderItemNames(items, 'en'))).toEqual(['Chemistry', 'Physics', 'Poems']);
});
