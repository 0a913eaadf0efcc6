import { isSavedScreen, lessonAddressOf, savedScreenPath } from './saved-addresses';

describe('the addresses the service worker answers for saved content', () => {
  it('knows a lesson player’s address in any language, and nothing else', () => {
    const course = '0123456789abcdef01234567';
    const lesson = '89abcdef0123456789abcdef';
    expect(lessonAddressOf(`/learn/${course}/${lesson}`)).toEqual({ localePrefix: '', courseId: course, lessonId: lesson });
    expect(lessonAddressOf(`/bn/learn/${course}/${lesson}/`)).toEqual({ localePrefix: 'bn', courseId: course, lessonId: lesson });
    expect(lessonAddressOf(`/learn/${course}`)).toBeNull();
    expect(lessonAddressOf(`/learn/${course}/not-an-id`)).toBeNull();
    expect(lessonAddressOf(`/api/learn/${course}/${lesson}`)).toBeNull();
  });

  it('names the Saved screen in each language', () => {
    expect(savedScreenPath('')).toBe('/saved');
    expect(savedScreenPath('bn')).toBe('/bn/saved');
    expect(isSavedScreen('/saved')).toBe(true);
    expect(isSavedScreen('/bn/saved')).toBe(true);
    expect(isSavedScreen('/saved-media/x')).toBe(false);
    expect(isSavedScreen('/savedx')).toBe(false);
  });
});
