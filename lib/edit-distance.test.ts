import { editDistance } from './edit-distance';

it('counts a swap of neighbouring letters as one edit, as well as a letter added, dropped or changed', () => {
  expect(editDistance('physics', 'physics')).toBe(0);
  expect(editDistance('phsyics', 'physics')).toBe(1);
  expect(editDistance('pyhton', 'python')).toBe(1);
  expect(editDistance('pythn', 'python')).toBe(1);
  expect(editDistance('pythonn', 'python')).toBe(1);
  expect(editDistance('pithon', 'python')).toBe(1);
  expect(editDistance('phsyics', 'phonics')).toBe(2);
  expect(editDistance('mathmatics', 'mathematics')).toBe(1);
  expect(editDistance('', 'abc')).toBe(3);
  expect(editDistance('ca', 'abc')).toBe(3);
});

it('stops counting past the limit', () => {
  expect(editDistance('chemistry', 'history', 1)).toBe(2);
  expect(editDistance('a', 'abcdef', 2)).toBe(3);
  expect(editDistance('pyhton', 'python', 1)).toBe(1);
});
