import type { ClassDetail } from '@portal/contract';
import { validateSignupForm } from '@portal/contract/constants';
import { Button } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { idParam } from '@/lib/id-param.ts';
import { href, paths } from '@/platform/paths.ts';
import { useClassDetail } from '@/platform/queries/my-classes.ts';
import { ApiError } from '@/platform/request.ts';
import { PageHeader } from '@/ui/page-header.tsx';
import { PageSkeleton } from '@/ui/page-skeleton.tsx';
import { filledAnswers, type SignupAnswers, SignupFields } from '@/ui/signup-fields.tsx';
import { StateView } from '@/ui/state-view.tsx';
import { useClassSignup } from '../api/class-signup.ts';
import '../classes.css';

/** The answer after a successful signup, with the ways on. */
function SignupDone({ klass }: { klass: ClassDetail }) {
  return (
    <StateView kind="empty" title="报名成功" description={`您已报名“${klass.title}”，请按时参加。`}>
      <Link className="link-button primary" to={paths.myClasses}>
        我的班级
      </Link>
      <Link className="link-button" to={href('classDetail', { id: klass.id })}>
        返回班级
      </Link>
    </StateView>
  );
}

function SignupForm({
  klass,
  signup,
}: {
  klass: ClassDetail;
  signup: ReturnType<typeof useClassSignup>;
}) {
  const [values, setValues] = useState<SignupAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverError = signup.error instanceof ApiError ? signup.error.message : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSignupForm(klass.formFields, filledAnswers(values));
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    signup.mutate({ classId: klass.id, form: checked.form });
  };

  return (
    <form className="signup-form" onSubmit={handleSubmit} noValidate>
      <p className="signup-class">
        报名班级：<strong>{klass.title}</strong>（剩余 {klass.seatsLeft} 个名额）
      </p>
      <SignupFields
        fields={klass.formFields}
        values={values}
        errors={errors}
        onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
      />
      {serverError ? (
        <p className="signup-error signup-server-error" role="alert">
          {serverError}
        </p>
      ) : null}
      <Button block color="primary" size="large" type="submit" loading={signup.isPending}>
        提交报名
      </Button>
    </form>
  );
}

/** `/classSignup?id=`: the form the class asks for, checked here and again on the server. */
export function ClassSignupPage() {
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const detail = useClassDetail(id);
  const signup = useClassSignup();
  const klass = detail.data;
  if (klass && signup.isSuccess) {
    return (
      <>
        <PageHeader />
        <main className="page-body">
          <SignupDone klass={klass} />
        </main>
      </>
    );
  }
  return (
    <>
      <PageHeader />
      <main className="page-body">
        {id === null || (detail.isError && !klass) ? (
          <StateView kind="missing" title="班级不存在或已下线">
            <Link className="link-button primary" to={paths.home}>
              回到首页
            </Link>
          </StateView>
        ) : null}
        {id !== null && detail.isPending ? <PageSkeleton /> : null}
        {klass && klass.mySignup?.status === 'active' ? (
          <StateView kind="empty" title="您已报名该班级">
            <Link className="link-button primary" to={paths.myClasses}>
              我的班级
            </Link>
          </StateView>
        ) : null}
        {klass && klass.mySignup?.status !== 'active' && klass.status !== '报名中' ? (
          <StateView kind="empty" title={`该班级${klass.status}，暂不能报名`}>
            <Link className="link-button primary" to={href('classDetail', { id: klass.id })}>
              返回班级
            </Link>
          </StateView>
        ) : null}
        {klass && klass.mySignup?.status !== 'active' && klass.status === '报名中' ? (
          <SignupForm klass={klass} signup={signup} />
        ) : null}
      </main>
    </>
  );
}
