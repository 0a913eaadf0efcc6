import { HttpError } from '../platform/http';
import { legacyListResponse, queryOf } from './legacy-api';

describe('legacy API helpers', () => {
  it('reads a query string into an object and refuses a repeated parameter', () => {
    expect(queryOf(new URLSearchParams('page=2&limit=5'))).toEqual({ page: '2', limit: '5' });
    expect(() => queryOf(new URLSearchParams('q=a&q=b'))).toThrow(HttpError);
    try {
      queryOf(new URLSearchParams('q=a&q=b'));
    } catch (error) {
      expect(error).toMatchObject({ status: 400 });
    }
  });

  it('answers the old array with the paging in headers', async () => {
    const response = legacyListResponse([{ _id: 'a' }], { page: 2, pageSize: 1, total: 3 });
    expect(await response.json()).toEqual([{ _id: 'a' }]);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(response.headers.get('x-page')).toBe('2');
    expect(response.headers.get('x-page-count')).toBe('3');
  });
});
