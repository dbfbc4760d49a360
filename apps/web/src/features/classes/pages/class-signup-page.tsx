import type { ClassDetail } from '@portal/contract';
import { Link } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { classDetailQueryOptions } from '@/platform/queries/my-classes.ts';
import { useDetailById } from '@/ui/detail-page.tsx';
import { SignupForm, SignupPage } from '@/ui/signup-form.tsx';
import { HOME_WAY, StateView } from '@/ui/state-view.tsx';
import { useClassSignup } from '../api/class-signup.ts';

const MY_CLASSES = { to: paths.myClasses, label: '我的班级' };

/** What shows instead of the form: the success view once `done`, already signed up, not open. */
function signupStop(klass: ClassDetail, done: boolean) {
  const back = { to: href('classDetail', { id: klass.id }), label: '返回班级' };
  if (done) {
    return (
      <StateView
        kind="empty"
        title="报名成功"
        description={`您已报名“${klass.title}”，请按时参加。`}
        way={MY_CLASSES}
      >
        <Link className="link-button" to={back.to}>
          {back.label}
        </Link>
      </StateView>
    );
  }
  if (klass.mySignup?.status === 'active') {
    return <StateView kind="empty" title="您已报名该班级" way={MY_CLASSES} />;
  }
  if (klass.status !== '报名中') {
    return <StateView kind="empty" title={`该班级${klass.status}，暂不能报名`} way={back} />;
  }
  return null;
}

/** `/classSignup?id=`: the form the class asks for, checked here and again on the server. */
export function ClassSignupPage() {
  const detail = useDetailById(classDetailQueryOptions);
  const signup = useClassSignup();
  return (
    <SignupPage
      detail={detail}
      missing={{ what: '班级', way: HOME_WAY }}
      stop={(klass) => signupStop(klass, signup.isSuccess)}
    >
      {(klass) => (
        <SignupForm
          fields={klass.formFields}
          pending={signup.isPending}
          error={signup.error}
          onSubmit={(form) => signup.mutate({ classId: klass.id, form })}
        >
          <p className="signup-class">
            报名班级：<strong>{klass.title}</strong>（剩余 {klass.seatsLeft} 个名额）
          </p>
        </SignupForm>
      )}
    </SignupPage>
  );
}
