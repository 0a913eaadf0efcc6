import { academicListPages } from '../academic-list';

// Next reads segment settings from the page file itself, so each route states its own.
export const revalidate = 300;

export const { generateStaticParams, generateMetadata } = academicListPages.slug;
export default academicListPages.slug.Page;
