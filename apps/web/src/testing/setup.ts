import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only where `afterEach` is a global; here it is not.
// Without this, a tree left mounted keeps its scheduled work (a transition after the first paint,
// a timer) and React runs it after the test environment has gone ("window is not defined").
afterEach(cleanup);
