import { ApiError } from '@/platform/request.ts';

/** The server's refusal of an action, shown next to its button (a 400, 403, 404 or 409). */
export function FormError({ error }: { error: unknown }) {
  if (!(error instanceof ApiError) || !error.message) return null;
  return (
    <p className="team-error" role="alert">
      {error.message}
    </p>
  );
}
