// The stack floor for `npm run bench:web`: this stack's bare shell and nothing of the portal.
// React, React Router, TanStack Query, ky and antd-mobile's tab bar, swiper, list, toast and
// dialog, showing one banner image and a list fetched from the server: what any portal on this
// stack must download and run at the least. Built on demand by scripts/bench-web.mjs.
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Dialog, List, Swiper, TabBar, Toast } from 'antd-mobile';
import ky from 'ky';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useNavigate } from 'react-router';

interface Item {
  id: number;
  title: string;
}

function Home() {
  const navigate = useNavigate();
  const items = useQuery({
    queryKey: ['items'],
    queryFn: () => ky.get('/floor-api/items').json<Item[]>(),
  });
  return (
    <main style={{ paddingBottom: 60 }}>
      <Swiper autoplay loop>
        {[1, 2, 3].map((n) => (
          <Swiper.Item key={n}>
            <img src="/banner.svg" alt="" width={640} height={360} style={{ width: '100%' }} />
          </Swiper.Item>
        ))}
      </Swiper>
      <List header="列表">
        {(items.data ?? []).map((item) => (
          <List.Item key={item.id} onClick={() => Toast.show(item.title)}>
            {item.title}
          </List.Item>
        ))}
      </List>
      <div style={{ position: 'fixed', bottom: 0, left: 0, right: 0, background: '#fff' }}>
        <TabBar onChange={(key) => (key === 'me' ? Dialog.alert({ content: key }) : navigate('/'))}>
          <TabBar.Item key="home" title="首页" />
          <TabBar.Item key="me" title="我的" />
        </TabBar>
      </div>
    </main>
  );
}

const router = createBrowserRouter([{ path: '*', element: <Home /> }]);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
