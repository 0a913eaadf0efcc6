import { instructorListPages } from '../../../instructor-list';

// Next reads segment settings from the page file itself, so each route states its own.
export const revalidate = 300;

export const { generateStaticParams, generateMetadata } = instructorListPages.slugPage;
export default instructorListPages.slugPage.Page;
