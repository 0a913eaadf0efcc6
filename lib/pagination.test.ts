import { listPagePath, pageCountOf, parsePageNumber, queryPagePath, skipFor } from './pagination';

describe('pagination', () => {
  it('accepts only plain positive page numbers', () => {
    expect(parsePageNumber(undefined)).toBe(1);
    expect(parsePageNumber('2')).toBe(2);
    expect(parsePageNumber('0')).toBeNull();
    expect(parsePageNumber('02')).toBeNull();
    expect(parsePageNumber('-1')).toBeNull();
    expect(parsePageNumber('1.5')).toBeNull();
    expect(parsePageNumber('abc')).toBeNull();
    expect(parsePageNumber('99999999')).toBeNull();
  });

  it('counts pages and skips', () => {
    expect(pageCountOf(0, 24)).toBe(1);
    expect(pageCountOf(24, 24)).toBe(1);
    expect(pageCountOf(25, 24)).toBe(2);
    expect(skipFor(3, 12)).toBe(24);
  });

  it('puts page 1 at the list address and later pages under /page/N', () => {
    expect(listPagePath('/books', 1)).toBe('/books');
    expect(listPagePath('/books', 3)).toBe('/books/page/3');
    expect(listPagePath('/classes/two', 2)).toBe('/classes/two/page/2');
    expect(queryPagePath('/searchCourse/math', 1)).toBe('/searchCourse/math');
    expect(queryPagePath('/searchCourse/math', 2)).toBe('/searchCourse/math?page=2');
  });
});
