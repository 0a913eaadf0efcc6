/** The id of the player's completion panel (course-completion.tsx), which the complete button brings into view. */
export const COURSE_COMPLETED_ID = 'course-completed-panel';
