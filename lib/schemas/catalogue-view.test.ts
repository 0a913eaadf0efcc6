import { defaultView, listAddressOf, viewHref, viewKindOf, viewRoutePath } from '../catalogue-view';
import { canonicalViewAddress, catalogueViewFromSearchParams, hasViewParameters, parseCatalogueView, parseViewSegment } from './catalogue-view';

// Sort and filter parameters as they arrive in a URL: anything unknown is the default,
// never an error; each view has one address; the internal route's segment is strict.

describe('parseCatalogueView', () => {
  it('reads the sort and filters a list offers', () => {
    expect(parseCatalogueView('courses', { sort: 'price-asc', price: 'free', rating: '4' })).toEqual({ sort: 'price-asc', price: 'free', rating: '4' });
    expect(parseCatalogueView('search', { sort: 'popular', page: '2' })).toEqual({ sort: 'popular', price: 'any', rating: 'any' });
  });

  it('reads anything unknown, missing or malformed as the default', () => {
    expect(parseCatalogueView('courses', {})).toEqual(defaultView('courses'));
    expect(parseCatalogueView('courses', { sort: 'bogus', price: 'cheap', rating: '6' })).toEqual(defaultView('courses'));
    expect(parseCatalogueView('courses', { sort: { $gt: '' }, price: 7, rating: null })).toEqual(defaultView('courses'));
    // Books have no popularity order (no count of buyers is kept on a book); search's default is the title.
    expect(parseCatalogueView('books', { sort: 'popular' })).toEqual(defaultView('books'));
    expect(parseCatalogueView('search', {})).toEqual({ sort: 'relevance', price: 'any', rating: 'any' });
    expect(parseCatalogueView('courses', { sort: 'title' }).sort).toBe('newest');
  });

  it('takes the first of repeated values, as URLSearchParams.get does', () => {
    expect(parseCatalogueView('courses', { sort: ['rating', 'newest'] }).sort).toBe('rating');
    expect(catalogueViewFromSearchParams('courses', new URLSearchParams('sort=rating&sort=newest')).sort).toBe('rating');
  });
});

describe('view addresses', () => {
  it('writes only what differs from the default, in a fixed order', () => {
    expect(viewHref('/classes/nine', 'courses', defaultView('courses'))).toBe('/classes/nine');
    expect(viewHref('/classes/nine/page/2', 'courses', { sort: 'price-asc', price: 'free', rating: '4' })).toBe('/classes/nine/page/2?sort=price-asc&price=free&rating=4');
    expect(viewHref('/books', 'books', { sort: 'newest', price: 'any', rating: '4.5' })).toBe('/books?rating=4.5');
    expect(viewHref('/searchCourse/math', 'search', { sort: 'newest', price: 'any', rating: 'any' }, [['page', '2']])).toBe('/searchCourse/math?sort=newest&page=2');
  });

  it('gives each view one address, which is its own canonical form', () => {
    const spellings = ['rating=4&sort=price-asc', 'sort=price-asc&price=any&rating=4', 'sort=price-asc&rating=4&sort=newest', 'sort=price-asc&rating=4'];
    for (const query of spellings) {
      expect(canonicalViewAddress('courses', '/classes/nine', new URLSearchParams(query)).href).toBe('/classes/nine?sort=price-asc&rating=4');
    }
    const once = canonicalViewAddress('search', '/searchCourse/math', new URLSearchParams('page=2&utm=a b&price=paid&sort=bogus')).href;
    expect(once).toBe('/searchCourse/math?price=paid&page=2&utm=a+b');
    expect(canonicalViewAddress('search', '/searchCourse/math', new URL(once, 'http://x').searchParams).href).toBe(once);
  });

  it('sends defaults and unknown values back to the plain address', () => {
    expect(canonicalViewAddress('courses', '/courses', new URLSearchParams('sort=newest&price=any&rating=any')).href).toBe('/courses');
    expect(canonicalViewAddress('books', '/books', new URLSearchParams('sort=popular')).href).toBe('/books');
  });

  it('notices view parameters only', () => {
    expect(hasViewParameters(new URLSearchParams('page=2&utm_source=x'))).toBe(false);
    expect(hasViewParameters(new URLSearchParams('rating='))).toBe(true);
  });
});

describe('list addresses', () => {
  it('finds the list and page of a list address', () => {
    expect(listAddressOf('/classes')).toEqual({ list: 'classOne', kind: 'courses', basePath: '/classes', page: 1 });
    expect(listAddressOf('/classes/nine/page/2')).toEqual({ list: 'classNine', kind: 'courses', basePath: '/classes/nine', page: 2 });
    expect(listAddressOf('/courses/page/3')).toEqual({ list: 'freeCourse', kind: 'courses', basePath: '/courses', page: 3 });
    expect(listAddressOf('/courses/IslamicCourse')).toMatchObject({ list: 'islamicCourse', page: 1 });
    expect(listAddressOf('/books/page/2')).toEqual({ list: 'books', kind: 'books', basePath: '/books', page: 2 });
  });

  it('leaves aliases, page 1, bad pages and other addresses to their routes', () => {
    for (const path of ['/classes/one', '/classes/nine/page/1', '/classes/nine/page/01', '/classes/nine/page/x', '/instructor', '/blogs', '/book/abc', '/classes/nine/extra']) {
      expect([path, listAddressOf(path)]).toEqual([path, null]);
    }
  });

  it('knows which addresses carry which kind of view', () => {
    expect(viewKindOf('/classes/nine')).toBe('courses');
    expect(viewKindOf('/books')).toBe('books');
    expect(viewKindOf('/searchCourse/phys%20ics')).toBe('search');
    expect(viewKindOf('/blogs')).toBeNull();
  });
});

describe('the internal route segment', () => {
  it('round-trips a view and refuses anything else', () => {
    const view = { sort: 'price-desc', price: 'paid', rating: '3.5' } as const;
    expect(viewRoutePath('classNine', view, 2)).toBe('/catalogue-view/classNine/price-desc_paid_3.5/2');
    expect(parseViewSegment('courses', 'price-desc_paid_3.5')).toEqual(view);
    expect(parseViewSegment('books', 'popular_any_any')).toBeNull();
    expect(parseViewSegment('courses', 'title_any_any')).toBeNull();
    expect(parseViewSegment('courses', 'newest_any')).toBeNull();
    expect(parseViewSegment('courses', 'newest_any_any_x')).toBeNull();
  });
});
