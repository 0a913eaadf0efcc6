// The correctly spelled address shows the old client's /addReviwe page (docs/product.md §2).
export { default, generateMetadata } from '../addReviwe/page';
