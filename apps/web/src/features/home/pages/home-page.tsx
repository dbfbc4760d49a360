import { Button, Dialog, Toast } from 'antd-mobile';
import { useState } from 'react';
import { goToLogin, logout, storedUser } from '@/platform/session.ts';
import { siteConfig } from '@/platform/site-config.ts';

/** `/index/home`: the site's name and the learner's login state (the shell issue builds the rest). */
export function HomePage() {
  const [user, setUser] = useState(storedUser);

  const handleLogout = async () => {
    const confirmed = await Dialog.confirm({ content: '确定要退出登录吗？' });
    if (!confirmed) return;
    await logout().catch(() => undefined);
    setUser(null);
    Toast.show({ content: '已退出登录', position: 'center', duration: 2000 });
  };

  return (
    <main className="home">
      <header className="home-header">
        <h1>{siteConfig.siteName}</h1>
        <p>终身学习，乐在其中</p>
      </header>
      <section className="home-card" aria-label="我的账号">
        {user ? (
          <>
            <p className="greeting">您好，{user.nickname}</p>
            <p className="muted">已登录 · {user.phone}</p>
            <Button block size="large" onClick={handleLogout}>
              退出登录
            </Button>
          </>
        ) : (
          <>
            <p className="greeting">欢迎来到{siteConfig.siteName}</p>
            <p className="muted">登录后可以报名课程、参加活动、记录学习。</p>
            <Button block color="primary" size="large" onClick={() => goToLogin()}>
              登录 / 注册
            </Button>
          </>
        )}
      </section>
    </main>
  );
}
