import type { Operator, OperatorGrantBody } from '@portal/contract';
import { OPERATOR_ROLE_NAMES, OPERATOR_ROLES, type OperatorRole } from '@portal/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, Select, Table, Tag } from 'antd';
import { get, post } from '@/api/client.ts';
import { useOperator } from '@/app/operator.ts';
import { LoadFailed } from '@/ui/LoadFailed.tsx';

const GRANTABLE = OPERATOR_ROLES.filter((role) => role !== 'super_admin');

/** The site's operators and their roles; a 站点管理员 grants and takes back roles here. */
export function OperatorsPage() {
  const operator = useOperator();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<OperatorGrantBody>();
  const operators = useQuery({
    queryKey: ['operators'],
    queryFn: () => get<Operator[]>('/api/admin/operators'),
  });
  const change = useMutation({
    mutationFn: ({ action, body }: { action: 'grant' | 'revoke'; body: OperatorGrantBody }) =>
      post<Operator[]>(`/api/admin/operators/${action}`, body),
    onSuccess: (list, { action }) => {
      queryClient.setQueryData(['operators'], list);
      queryClient.invalidateQueries({ queryKey: ['audit'] });
      message.success(action === 'grant' ? '已授予' : '已收回');
      if (action === 'grant') form.resetFields();
    },
    onError: (error) => message.error(error.message),
  });

  return (
    <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{operator.site.name} · 操作员</h1>}>
      <Form<OperatorGrantBody>
        form={form}
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(body) => change.mutate({ action: 'grant', body })}
      >
        <Form.Item
          label="账号"
          name="username"
          rules={[{ required: true, pattern: /^1[3-9]\d{9}$/, message: '请填写 11 位手机号' }]}
        >
          <Input placeholder="操作员登录用的手机号" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
          <Select
            style={{ width: 140 }}
            options={GRANTABLE.map((role) => ({ value: role, label: OPERATOR_ROLE_NAMES[role] }))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          授予
        </Button>
      </Form>
      {operators.isError ? (
        <LoadFailed what="操作员" error={operators.error} retry={() => operators.refetch()} />
      ) : (
        <Table<Operator>
          rowKey="userId"
          loading={operators.isPending}
          dataSource={operators.data}
          pagination={false}
          locale={{ emptyText: <Empty description="本站还没有操作员" /> }}
          columns={[
            { title: '昵称', dataIndex: 'nickname' },
            { title: '账号', dataIndex: 'username' },
            {
              title: '角色',
              dataIndex: 'roles',
              render: (roles: OperatorRole[], row) =>
                roles.map((role) => (
                  <Tag
                    key={role}
                    closable={role !== 'super_admin'}
                    onClose={(event) => {
                      event.preventDefault();
                      modal.confirm({
                        title: `收回${row.nickname}的${OPERATOR_ROLE_NAMES[role]}角色？`,
                        okText: '收回',
                        cancelText: '取消',
                        okButtonProps: { danger: true },
                        onOk: () =>
                          change.mutateAsync({
                            action: 'revoke',
                            body: { username: row.username, role },
                          }),
                      });
                    }}
                  >
                    {OPERATOR_ROLE_NAMES[role]}
                  </Tag>
                )),
            },
          ]}
        />
      )}
    </Card>
  );
}
