import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Skeleton } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { ApiError, signIn } from '@/api/client.ts';
import { AuthPage } from './AuthPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { Shell } from './Shell.tsx';

dayjs.locale('zh-cn');

/** A page loaded when first opened (the editor alone brings Tiptap), with a skeleton meanwhile. */
function page<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (props: P) => (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} style={{ padding: 24 }} />}>
      <Page {...props} />
    </Suspense>
  );
}

const DashboardPage = page(
  async () => (await import('@/features/dashboard/DashboardPage.tsx')).DashboardPage,
);
const ArticleListPage = page(
  async () => (await import('@/features/articles/ArticleListPage.tsx')).ArticleListPage,
);
const ArticleEditPage = page(
  async () => (await import('@/features/articles/ArticleEditPage.tsx')).ArticleEditPage,
);
const CourseListPage = page(
  async () => (await import('@/features/courses/CourseListPage.tsx')).CourseListPage,
);
const CourseEditPage = page(
  async () => (await import('@/features/courses/CourseEditPage.tsx')).CourseEditPage,
);
const ActivityListPage = page(
  async () => (await import('@/features/activities/ActivityListPage.tsx')).ActivityListPage,
);
const ActivityEditPage = page(
  async () => (await import('@/features/activities/ActivityEditPage.tsx')).ActivityEditPage,
);
const ClassListPage = page(
  async () => (await import('@/features/classes/ClassListPage.tsx')).ClassListPage,
);
const ClassEditPage = page(
  async () => (await import('@/features/classes/ClassEditPage.tsx')).ClassEditPage,
);
const LiveListPage = page(
  async () => (await import('@/features/live/LiveListPage.tsx')).LiveListPage,
);
const LiveEditPage = page(
  async () => (await import('@/features/live/LiveEditPage.tsx')).LiveEditPage,
);
const EbookListPage = page(
  async () => (await import('@/features/ebooks/EbookListPage.tsx')).EbookListPage,
);
const EbookEditPage = page(
  async () => (await import('@/features/ebooks/EbookEditPage.tsx')).EbookEditPage,
);
const TopicListPage = page(
  async () => (await import('@/features/topics/TopicListPage.tsx')).TopicListPage,
);
const TopicEditPage = page(
  async () => (await import('@/features/topics/TopicEditPage.tsx')).TopicEditPage,
);
const BannerListPage = page(
  async () => (await import('@/features/home/BannerListPage.tsx')).BannerListPage,
);
const BannerEditPage = page(
  async () => (await import('@/features/home/BannerEditPage.tsx')).BannerEditPage,
);
const HomeLayoutPage = page(
  async () => (await import('@/features/home/HomeLayoutPage.tsx')).HomeLayoutPage,
);
const RulesPage = page(async () => (await import('@/features/rules/RulesPage.tsx')).RulesPage);
const DeliveryListPage = page(
  async () => (await import('@/features/delivery/DeliveryListPage.tsx')).DeliveryListPage,
);
const DeliveryEditPage = page(
  async () => (await import('@/features/delivery/DeliveryEditPage.tsx')).DeliveryEditPage,
);
const ProgrammeListPage = page(
  async () => (await import('@/features/programmes/ProgrammeListPage.tsx')).ProgrammeListPage,
);
const ProgrammeEditPage = page(
  async () => (await import('@/features/programmes/ProgrammeEditPage.tsx')).ProgrammeEditPage,
);
const WalkListPage = page(
  async () => (await import('@/features/walks/WalkListPage.tsx')).WalkListPage,
);
const WalkEditPage = page(
  async () => (await import('@/features/walks/WalkEditPage.tsx')).WalkEditPage,
);
const PlaceListPage = page(
  async () => (await import('@/features/places/PlaceListPage.tsx')).PlaceListPage,
);
const PlaceEditPage = page(
  async () => (await import('@/features/places/PlaceEditPage.tsx')).PlaceEditPage,
);
const ReviewInboxPage = page(
  async () => (await import('@/features/review/ReviewInboxPage.tsx')).ReviewInboxPage,
);
const AuditLogPage = page(
  async () => (await import('@/features/audit/AuditLogPage.tsx')).AuditLogPage,
);
const ParticipantsPage = page(
  async () => (await import('@/features/participants/ParticipantsPage.tsx')).ParticipantsPage,
);
const LearnersPage = page(
  async () => (await import('@/features/learners/LearnersPage.tsx')).LearnersPage,
);
const LearnerPage = page(
  async () => (await import('@/features/learners/LearnerPage.tsx')).LearnerPage,
);
const MessagesPage = page(
  async () => (await import('@/features/messages/MessagesPage.tsx')).MessagesPage,
);
const MessageComposePage = page(
  async () => (await import('@/features/messages/MessageComposePage.tsx')).MessageComposePage,
);
const MessagePage = page(
  async () => (await import('@/features/messages/MessagePage.tsx')).MessagePage,
);
const CheckinPage = page(
  async () => (await import('@/features/checkin/CheckinPage.tsx')).CheckinPage,
);
const JobsPage = page(async () => (await import('@/features/jobs/JobsPage.tsx')).JobsPage);
const OperatorsPage = page(
  async () => (await import('@/features/operators/OperatorsPage.tsx')).OperatorsPage,
);

/** A login that ended while the console was open (expired, revoked): sign in again, then return. */
const onError = (error: Error) => {
  if (error instanceof ApiError && error.loggedOut) signIn();
};

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      // A refusal is an answer, not a failure worth repeating.
      retry: (count, error) => !(error instanceof ApiError && error.code > 0) && count < 2,
    },
  },
});

const router = createBrowserRouter(
  [
    { path: '/authPage', element: <AuthPage /> },
    {
      path: '/',
      element: <Shell />,
      children: [
        { index: true, element: <Navigate to="/articles" replace /> },
        { path: 'dashboard', element: <DashboardPage /> },
        { path: 'articles', element: <ArticleListPage /> },
        { path: 'articles/new', element: <ArticleEditPage /> },
        { path: 'articles/edit', element: <ArticleEditPage /> },
        { path: 'courses', element: <CourseListPage /> },
        { path: 'courses/new', element: <CourseEditPage /> },
        { path: 'courses/edit', element: <CourseEditPage /> },
        { path: 'activities', element: <ActivityListPage /> },
        { path: 'activities/new', element: <ActivityEditPage /> },
        { path: 'activities/edit', element: <ActivityEditPage /> },
        { path: 'classes', element: <ClassListPage /> },
        { path: 'classes/new', element: <ClassEditPage /> },
        { path: 'classes/edit', element: <ClassEditPage /> },
        { path: 'live', element: <LiveListPage /> },
        { path: 'live/new', element: <LiveEditPage /> },
        { path: 'live/edit', element: <LiveEditPage /> },
        { path: 'ebooks', element: <EbookListPage /> },
        { path: 'ebooks/new', element: <EbookEditPage /> },
        { path: 'ebooks/edit', element: <EbookEditPage /> },
        { path: 'topics', element: <TopicListPage /> },
        { path: 'topics/new', element: <TopicEditPage /> },
        { path: 'topics/edit', element: <TopicEditPage /> },
        { path: 'delivery', element: <DeliveryListPage /> },
        { path: 'delivery/new', element: <DeliveryEditPage /> },
        { path: 'delivery/edit', element: <DeliveryEditPage /> },
        { path: 'banners', element: <BannerListPage /> },
        { path: 'banners/new', element: <BannerEditPage /> },
        { path: 'banners/edit', element: <BannerEditPage /> },
        { path: 'home-layout', element: <HomeLayoutPage /> },
        { path: 'rules', element: <RulesPage /> },
        { path: 'programmes', element: <ProgrammeListPage /> },
        { path: 'programmes/new', element: <ProgrammeEditPage /> },
        { path: 'programmes/edit', element: <ProgrammeEditPage /> },
        { path: 'walks', element: <WalkListPage /> },
        { path: 'walks/new', element: <WalkEditPage /> },
        { path: 'walks/edit', element: <WalkEditPage /> },
        { path: 'places', element: <PlaceListPage /> },
        { path: 'places/new', element: <PlaceEditPage /> },
        { path: 'places/edit', element: <PlaceEditPage /> },
        { path: 'reviews', element: <ReviewInboxPage /> },
        { path: 'audit', element: <AuditLogPage /> },
        { path: 'operators', element: <OperatorsPage /> },
        { path: 'jobs', element: <JobsPage /> },
        { path: 'participants', element: <ParticipantsPage /> },
        { path: 'checkin', element: <CheckinPage /> },
        { path: 'learners', element: <LearnersPage /> },
        { path: 'learners/detail', element: <LearnerPage /> },
        { path: 'messages', element: <MessagesPage /> },
        { path: 'messages/new', element: <MessageComposePage /> },
        { path: 'messages/detail', element: <MessagePage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ],
  { basename: '/admin' },
);

/**
 * The portal's blue, a shade darker, and secondary text darker than antd's defaults: every text
 * keeps 4.5:1 against its background (the selected menu entry's light blue included). An operator
 * who asked their system for less motion gets none: dialogs, messages and menus appear at once.
 */
const THEME = {
  token: {
    motion: !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
    colorPrimary: '#0e56d8',
    // Hovered and pressed: darker, not lighter, so a hovered button's text keeps 4.5:1 on white.
    colorPrimaryHover: '#0b47b3',
    colorPrimaryActive: '#093b94',
    colorLink: '#0e56d8',
    colorLinkHover: '#0b47b3',
    colorError: '#cf1322',
    colorTextSecondary: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // A reviewer reads an editor's form disabled: still legible (tags of choices included).
    colorTextDisabled: 'rgba(0, 0, 0, 0.58)',
  },
};

/** The operators' console: Chinese antd, the query cache and the routes under /admin. */
export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
