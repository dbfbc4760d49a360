/** Most pictures one team work may carry. */
export const TEAM_WORK_MAX_IMAGES = 9;
/** Largest picture a team work accepts, in bytes (before the server resizes it). */
export const TEAM_WORK_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
/** Longest text of a team work, in characters. */
export const TEAM_WORK_TEXT_MAX = 1000;
/** Longest comment, in characters. */
export const TEAM_WORK_COMMENT_MAX = 200;
