import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { DeviceGate } from '@/platform/device-gate.tsx';
import { setFailurePolicy } from '@/platform/request.ts';
import { createFailurePolicy } from './failure-policy.ts';
import { queryClient } from './query-client.ts';
import { createRouter } from './router.tsx';

const router = createRouter();
// Set before the first call goes out (start-up starts calls before the first render).
setFailurePolicy(createFailurePolicy((path) => void router.navigate(path)));

/** The app: the device gate (spec section 1), server state and the routes. */
export function App() {
  return (
    <DeviceGate>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </DeviceGate>
  );
}
