import { ObjectId } from 'mongodb';
import { insertBook, insertCourse } from '@/tests/support/commerce-fixtures';
import { closeDb } from '../platform/db';
import { linked } from '@/serving/app-link.mjs';
import { madeUpAddressLocale, offerMadeUpAddressesToPageCache } from './made-up-addresses';

// The check the proxy and the production server's page cache share, on the run's real database.

afterAll(closeDb);

const unknownId = () => new ObjectId().toHexString();

describe('madeUpAddressLocale', () => {
  it("names the language of impossible addresses and of ids of no item; an item's own address is not made up", async () => {
    const book = await insertBook();
    const course = await insertCourse();
    expect(await madeUpAddressLocale('/book/xyz')).toBe('en');
    expect(await madeUpAddressLocale('/bn/classes/nowhere')).toBe('bn');
    expect(await madeUpAddressLocale(`/book/${unknownId()}`)).toBe('en');
    expect(await madeUpAddressLocale(`/bn/classNine/coursesInfo/${unknownId()}`)).toBe('bn');
    // Written a moment ago and not announced (as from another instance): asked of the database, found.
    expect(await madeUpAddressLocale(`/book/${book._id.toHexString()}`)).toBeNull();
    expect(await madeUpAddressLocale(`/bn/classNine/coursesInfo/${course._id.toHexString()}`)).toBeNull();
    // An existing course under another list is the page's to redirect.
    expect(await madeUpAddressLocale(`/classTen/coursesInfo/${course._id.toHexString()}`)).toBeNull();
    expect(await madeUpAddressLocale('/contact')).toBeNull();
  });
});

describe('the check offered to the page cache', () => {
  it('looks only at addresses Next hands to the proxy unchanged, of a catalogue shape', () => {
    offerMadeUpAddressesToPageCache();
    const check = linked('madeUpAddresses');
    if (!check) throw new Error('the check was not offered');
    const id = unknownId();
    for (const path of [`/book/${id}`, `/bn/blog/${id}`, '/book/xyz', `/classNine/coursesInfo/${id}`, '/classes/nowhere']) expect([path, check.candidate(path)]).toEqual([path, true]);
    // Redirected by Next first (/en/…, a trailing slash), escaped, or no catalogue address.
    for (const path of [`/en/book/${id}`, `/book/${id}/`, '/book/%78yz', '/book/../contact', '/contact', '/', '/bn', '/api/book/xyz']) {
      expect([path, check.candidate(path)]).toEqual([path, false]);
    }
    expect(check.localeOf).toBe(madeUpAddressLocale);
  });
});
