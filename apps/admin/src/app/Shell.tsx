import {
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  BookOutlined,
  CalendarOutlined,
  CarOutlined,
  CheckSquareOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FlagOutlined,
  HomeOutlined,
  IdcardOutlined,
  LogoutOutlined,
  NotificationOutlined,
  PictureOutlined,
  ProfileOutlined,
  ReadOutlined,
  ScanOutlined,
  ScheduleOutlined,
  SolutionOutlined,
  TeamOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { AdminSession } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MenuProps } from 'antd';
import { Avatar, Button, Dropdown, Layout, Menu, Result, Select, Skeleton, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ApiError, get, SITE_KEY, signIn, signOut, storedSite, storedToken } from '@/api/client.ts';
import { Operator, type OperatorContext, operatorOn } from './operator.ts';

const { Header, Sider, Content, Footer } = Layout;

/** The menu entries the operator's roles open, by path. */
function menuOf(operator: OperatorContext): MenuProps['items'] {
  const items: MenuProps['items'] = [];
  // The site's figures: its administrators, editors and reviewers.
  if (operator.can('site_admin') || operator.can('editor') || operator.can('reviewer')) {
    items.push({
      type: 'group',
      label: '概览',
      children: [
        {
          key: '/dashboard',
          icon: <BarChartOutlined />,
          label: <Link to="/dashboard">数据统计</Link>,
        },
      ],
    });
  }
  if (operator.can('editor') || operator.can('reviewer')) {
    items.push({
      type: 'group',
      label: '内容',
      children: [
        {
          key: '/articles',
          icon: <FileTextOutlined />,
          label: <Link to="/articles">文章管理</Link>,
        },
        { key: '/courses', icon: <BookOutlined />, label: <Link to="/courses">课程管理</Link> },
        {
          key: '/classes',
          icon: <SolutionOutlined />,
          label: <Link to="/classes">班级管理</Link>,
        },
        {
          key: '/activities',
          icon: <CalendarOutlined />,
          label: <Link to="/activities">活动管理</Link>,
        },
        {
          key: '/live',
          icon: <VideoCameraOutlined />,
          label: <Link to="/live">直播管理</Link>,
        },
        { key: '/ebooks', icon: <ReadOutlined />, label: <Link to="/ebooks">电子书管理</Link> },
        { key: '/topics', icon: <ProfileOutlined />, label: <Link to="/topics">专题管理</Link> },
        { key: '/delivery', icon: <CarOutlined />, label: <Link to="/delivery">配送资源</Link> },
        {
          key: '/places',
          icon: <EnvironmentOutlined />,
          label: <Link to="/places">地图场所</Link>,
        },
        {
          key: '/programmes',
          icon: <BankOutlined />,
          label: <Link to="/programmes">参观项目</Link>,
        },
        { key: '/walks', icon: <FlagOutlined />, label: <Link to="/walks">人文行走</Link> },
        {
          key: '/banners',
          icon: <PictureOutlined />,
          label: <Link to="/banners">首页轮播图</Link>,
        },
      ],
    });
  }
  const listsParticipants =
    operator.can('editor') || operator.can('reviewer') || operator.can('checkin');
  // The site's learners: its administrators (who manage accounts), reviewers and 签到员.
  const seesLearners =
    operator.can('site_admin') || operator.can('reviewer') || operator.can('checkin');
  // Notices to learners: the site's administrators and editors.
  const writesMessages = operator.can('site_admin') || operator.can('editor');
  if (listsParticipants || seesLearners || writesMessages) {
    items.push({
      type: 'group',
      label: '运营',
      children: [
        ...(seesLearners
          ? [
              {
                key: '/learners',
                icon: <IdcardOutlined />,
                label: <Link to="/learners">学员管理</Link>,
              },
            ]
          : []),
        ...(listsParticipants
          ? [
              {
                key: '/participants',
                icon: <UnorderedListOutlined />,
                label: <Link to="/participants">报名名单</Link>,
              },
            ]
          : []),
        ...(writesMessages
          ? [
              {
                key: '/messages',
                icon: <NotificationOutlined />,
                label: <Link to="/messages">群发消息</Link>,
              },
            ]
          : []),
        // The door of an activity: its 签到员 (and the site's administrators, who hold the role).
        ...(operator.can('checkin')
          ? [{ key: '/checkin', icon: <ScanOutlined />, label: <Link to="/checkin">签到台</Link> }]
          : []),
      ],
    });
  }
  if (operator.can('reviewer')) {
    items.push({
      type: 'group',
      label: '审核',
      children: [
        {
          key: '/reviews',
          icon: <CheckSquareOutlined />,
          label: <Link to="/reviews">待审核</Link>,
        },
      ],
    });
  }
  if (operator.can('site_admin') || operator.can('reviewer')) {
    items.push({
      key: '/audit',
      icon: <AuditOutlined />,
      label: <Link to="/audit">操作日志</Link>,
    });
  }
  if (operator.can('site_admin')) {
    items.push({
      type: 'group',
      label: '站点设置',
      children: [
        {
          key: '/home-layout',
          icon: <HomeOutlined />,
          label: <Link to="/home-layout">首页设置</Link>,
        },
        { key: '/rules', icon: <TrophyOutlined />, label: <Link to="/rules">积分与勋章</Link> },
        { key: '/jobs', icon: <ScheduleOutlined />, label: <Link to="/jobs">后台任务</Link> },
      ],
    });
    items.push({
      key: '/operators',
      icon: <TeamOutlined />,
      label: <Link to="/operators">操作员</Link>,
    });
  }
  return items;
}

/** The page frame: the operator's session first (sign-in, refusal), then menu, site and page. */
export function Shell() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasToken = storedToken() !== null;
  const session = useQuery({
    queryKey: ['session'],
    queryFn: () => get<AdminSession>('/api/admin/session'),
    enabled: hasToken,
  });
  const loggedOut = !hasToken || (session.error instanceof ApiError && session.error.loggedOut);

  useEffect(() => {
    if (loggedOut) signIn();
  }, [loggedOut]);

  const operator = useMemo(
    () => (session.data ? operatorOn(session.data, storedSite()) : null),
    [session.data],
  );
  // The site every call names: the operator's chosen one, else their first.
  if (operator && storedSite() !== operator.site.key) {
    localStorage.setItem(SITE_KEY, operator.site.key);
  }

  if (loggedOut || session.isPending) {
    return (
      <div style={{ padding: 48 }} aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (session.isError) {
    return (
      <Result
        status="error"
        title="运营后台暂时无法打开"
        subTitle={session.error.message}
        extra={
          <Button type="primary" onClick={() => session.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  if (!operator) {
    return (
      <main>
        <Result
          status="403"
          title="没有运营后台的权限"
          subTitle={`${session.data.nickname}，你的账号还不是任何学习网的操作员。需要发布或审核内容，请联系本站的站点管理员为你开通。`}
          extra={[
            <Button key="portal" type="primary" href="/">
              去学习网首页
            </Button>,
            <Button key="out" onClick={() => signOut().finally(() => signIn('/admin/articles'))}>
              换个账号登录
            </Button>,
          ]}
        />
      </main>
    );
  }

  const switchSite = (key: string) => {
    localStorage.setItem(SITE_KEY, key);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'session' });
    queryClient.invalidateQueries({ queryKey: ['session'] });
    navigate('/articles');
  };
  const items = menuOf(operator);
  const keys = (items ?? []).flatMap((item) =>
    item && 'children' in item && item.children ? item.children : [item],
  );
  const selected =
    keys
      .map((item) => String(item?.key ?? ''))
      .filter((key) => location.pathname === key || location.pathname.startsWith(`${key}/`))
      .sort((a, b) => b.length - a.length)[0] ?? '';

  return (
    <Operator.Provider value={operator}>
      <Layout style={{ minHeight: '100vh' }}>
        <Sider width={208} theme="light" breakpoint="lg" collapsedWidth={64}>
          <div style={{ padding: '20px 24px', fontWeight: 600, fontSize: 16 }}>运营后台</div>
          <nav aria-label="后台菜单">
            <Menu mode="inline" selectedKeys={[selected]} items={items} />
          </nav>
        </Sider>
        <Layout>
          <Header
            style={{
              background: '#fff',
              display: 'flex',
              alignItems: 'center',
              gap: 16,
              paddingInline: 24,
              borderBottom: '1px solid #f0f0f0',
            }}
          >
            <Select
              aria-label="切换站点"
              value={operator.site.key}
              onChange={switchSite}
              style={{ minWidth: 160 }}
              options={operator.session.sites.map((site) => ({
                value: site.key,
                label: site.name,
              }))}
            />
            <span style={{ flex: 1 }} />
            <Dropdown
              menu={{
                items: [
                  {
                    key: 'out',
                    icon: <LogoutOutlined />,
                    label: '退出登录',
                    onClick: () => signOut().finally(() => signIn('/admin/articles')),
                  },
                ],
              }}
            >
              <Button type="text">
                <Avatar size="small" src={operator.session.avatar ?? undefined} aria-hidden>
                  {operator.session.nickname.slice(0, 1)}
                </Avatar>
                <Typography.Text style={{ marginLeft: 8 }}>
                  {operator.session.nickname}
                </Typography.Text>
              </Button>
            </Dropdown>
          </Header>
          <Content style={{ margin: 24 }}>
            <main>
              <Outlet />
            </main>
          </Content>
          <Footer style={{ textAlign: 'center', color: '#595959' }}>
            {operator.site.name} · 运营后台
          </Footer>
        </Layout>
      </Layout>
    </Operator.Provider>
  );
}
