// A structured-data check for the JSON-LD of course and book pages: the fields Google's
// review snippets require, present and of the right type. Shared by the jest test of the JSON-LD
// builders (server/reviews/item-review-structured-data.test.ts) and the journey that reads it from the real
// page (e2e/item-reviews.spec.ts). Google's rules: https://developers.google.com/search/docs/appearance/structured-data/review-snippet
// (for a Course also https://developers.google.com/search/docs/appearance/structured-data/course).

type Json = Record<string, unknown>;

export type ReviewedType = 'Course' | 'Book' | 'Product';

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** ISO 8601: a date (2026-11-20) or a date and time. */
function isIsoDate(value: unknown): boolean {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(value));
}

/** The rating's scale: 1 to 5 unless the item says otherwise. */
function scaleOf(rating: Json, where: string, problems: string[]): { best: number; worst: number } {
  const best = rating.bestRating ?? 5;
  const worst = rating.worstRating ?? 1;
  if (!isNumber(best)) problems.push(`${where}.bestRating must be a number`);
  if (!isNumber(worst)) problems.push(`${where}.worstRating must be a number`);
  return { best: isNumber(best) ? best : 5, worst: isNumber(worst) ? worst : 1 };
}

function checkRatingValue(rating: Json, where: string, problems: string[]): void {
  const { best, worst } = scaleOf(rating, where, problems);
  if (!isNumber(rating.ratingValue)) problems.push(`${where}.ratingValue must be a number`);
  else if (rating.ratingValue < worst || rating.ratingValue > best) problems.push(`${where}.ratingValue ${rating.ratingValue} is outside ${worst}–${best}`);
}

function checkReview(review: unknown, where: string, problems: string[]): void {
  if (!isObject(review)) return void problems.push(`${where} must be an object`);
  if (review['@type'] !== 'Review') problems.push(`${where}.@type must be "Review"`);
  const author = review.author;
  if (!isObject(author)) problems.push(`${where}.author must be an object`);
  else {
    if (author['@type'] !== 'Person' && author['@type'] !== 'Organization') problems.push(`${where}.author.@type must be "Person" or "Organization"`);
    if (!isText(author.name)) problems.push(`${where}.author.name must be non-empty text`);
    else if (author.name.length > 100) problems.push(`${where}.author.name must be under 100 characters`);
  }
  if (!isObject(review.reviewRating)) problems.push(`${where}.reviewRating must be an object`);
  else {
    if (review.reviewRating['@type'] !== 'Rating') problems.push(`${where}.reviewRating.@type must be "Rating"`);
    checkRatingValue(review.reviewRating, `${where}.reviewRating`, problems);
  }
  if (review.datePublished !== undefined && !isIsoDate(review.datePublished)) problems.push(`${where}.datePublished must be an ISO 8601 date`);
  if (review.reviewBody !== undefined && typeof review.reviewBody !== 'string') problems.push(`${where}.reviewBody must be text`);
}

/**
 * What is wrong with `data` as the JSON-LD of a reviewed item page ([] when nothing is). With
 * `reviewed`, the rating must be there (aggregateRating with ratingValue and reviewCount, and every
 * review with author name and reviewRating.ratingValue); without, there must be none (an item
 * nobody has reviewed has no rating to show).
 */
export function reviewSnippetProblems(data: unknown, { type, reviewed }: { type: ReviewedType; reviewed: boolean }): string[] {
  const problems: string[] = [];
  if (!isObject(data)) return ['the JSON-LD must be an object'];
  if (data['@context'] !== 'https://schema.org') problems.push('@context must be "https://schema.org"');
  if (data['@type'] !== type) problems.push(`@type must be "${type}"`);
  if (!isText(data.name)) problems.push('name must be non-empty text');
  if (type === 'Course') {
    if (!isText(data.description)) problems.push('description must be non-empty text (a Course needs it)');
  }

  const aggregate = data.aggregateRating;
  const reviews = data.review;
  if (!reviewed) {
    if (aggregate !== undefined) problems.push('aggregateRating must be left out without reviews');
    if (reviews !== undefined) problems.push('review must be left out without reviews');
    return problems;
  }

  if (!isObject(aggregate)) problems.push('aggregateRating must be an object');
  else {
    if (aggregate['@type'] !== 'AggregateRating') problems.push('aggregateRating.@type must be "AggregateRating"');
    checkRatingValue(aggregate, 'aggregateRating', problems);
    const count = aggregate.reviewCount ?? aggregate.ratingCount;
    if (!isNumber(count) || !Number.isInteger(count) || count < 1) problems.push('aggregateRating.reviewCount must be a whole number of at least 1');
    if (aggregate.bestRating !== 5 || aggregate.worstRating !== 1) problems.push('aggregateRating must say bestRating 5 and worstRating 1');
    if (Array.isArray(reviews) && isNumber(count) && reviews.length > count) problems.push('more reviews than aggregateRating.reviewCount');
  }
  if (reviews !== undefined) {
    const list = Array.isArray(reviews) ? reviews : [reviews];
    if (list.length === 0) problems.push('review must not be empty');
    list.forEach((review, index) => checkReview(review, `review[${index}]`, problems));
  }
  return problems;
}
