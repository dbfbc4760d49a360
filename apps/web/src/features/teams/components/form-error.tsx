import { ApiError } from '@/platform/request.ts';
import '@/ui/signup-fields.css';
import '../teams.css';

/** The server's refusal of an action, shown next to its button (a 400, 403, 404 or 409). */
export function FormError({ error }: { error: unknown }) {
  if (!(error instanceof ApiError) || !error.message) return null;
  return (
    <p className="signup-error signup-server-error" role="alert">
      {error.message}
    </p>
  );
}

/**
 * Why a form cannot be sent as it is, a line a reason; always in the page (empty, it takes no
 * room), so that screen readers announce each new reason.
 */
export function FormMessages({ messages }: { messages: readonly (string | null)[] }) {
  return (
    <div role="alert" className="form-messages">
      {messages.map((message) =>
        message ? (
          <p key={message} className="signup-error">
            {message}
          </p>
        ) : null,
      )}
    </div>
  );
}
