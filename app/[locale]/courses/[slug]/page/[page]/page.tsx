import { skillListPages } from '../../../skill-list';

// Next reads segment settings from the page file itself, so each route states its own.
export const revalidate = 300;

export const { generateStaticParams, generateMetadata } = skillListPages.slugPage;
export default skillListPages.slugPage.Page;
