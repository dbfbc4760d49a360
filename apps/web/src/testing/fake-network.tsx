import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

/** One call the fake network saw: its path under /api and its JSON body. */
export interface SeenCall {
  path: string;
  body: unknown;
}

/**
 * Stubs `fetch` (the network edge): each call gets the next envelope of `replies`; answers the
 * calls seen, in order.
 */
export function fakeNetwork(...replies: object[]) {
  const seen: SeenCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string) => {
      const request = input instanceof Request ? input : new Request(input);
      const text = request.method === 'GET' ? '' : await request.text();
      seen.push({
        path: new URL(request.url, 'http://localhost').pathname.replace(/^\/api/, ''),
        body: text ? JSON.parse(text) : null,
      });
      const reply = replies.shift() ?? { code: 0, message: '', data: null };
      return new Response(JSON.stringify(reply), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return seen;
}

/** Renders `ui` with a fresh query client (no retries) inside a router. */
export function renderWithClient(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

export const ok = (data: unknown) => ({ code: 0, message: '', data });
