import { skillListPages } from './skill-list';

// Rendered on first request (the build renders it without data: server/platform/build-phase.ts), then
// served from the cache and refreshed at most every 5 minutes
// (admin changes refresh it at once: server/catalogue/catalogue-cache.ts).
export const revalidate = 300;

export const { generateMetadata } = skillListPages.index;
export default skillListPages.index.Page;
