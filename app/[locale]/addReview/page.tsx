// The correctly spelled address shows the spec's /addReviwe page.
export { default, generateMetadata } from '../addReviwe/page';
