import { Button, Result } from 'antd';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="这个地址没有对应的页面，请从左侧菜单进入。"
      extra={
        <Link to="/articles">
          <Button type="primary">回到文章管理</Button>
        </Link>
      }
    />
  );
}
