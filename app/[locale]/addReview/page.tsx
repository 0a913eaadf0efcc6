// The correctly spelled address shows the spec's /addReviwe page.
export { default, metadata } from '../addReviwe/page';
