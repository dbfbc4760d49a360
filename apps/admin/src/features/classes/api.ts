import type {
  AdminClassChoices,
  AdminClassCourse,
  AdminClassFormInput,
  AdminClassRow,
} from '@portal/contract';
import { get } from '@/api/client.ts';
import { reviewApi } from '@/features/review/review-api.ts';

/** The console's calls for classes: the review operations and the list. */
export const classApi = reviewApi<AdminClassFormInput, AdminClassRow>('/api/admin/classes');

/** The query keys of the class pages (they start with the list's, `classes`). */
export const classKeys = {
  choices: ['classes', 'choices'] as const,
  courses: (words: string, ids: readonly number[]) => ['classes', 'courses', words, ids] as const,
};

/** The terms the site's classes have, for the list's filter and the form's suggestions. */
export const listClassChoices = () => get<AdminClassChoices>('/api/admin/classes/choices');

/**
 * The site's published courses whose title has `words` (at most 20), after the chosen ones
 * (`ids`, in their order, whatever their state).
 */
export const searchClassCourses = (words: string, ids: readonly number[]) =>
  get<AdminClassCourse[]>('/api/admin/classes/courses', {
    q: words || undefined,
    ids: ids.length > 0 ? ids.join(',') : undefined,
  });
