import type { ClassDetail, ClassSignupResult } from '@portal/contract';
import { Link } from 'react-router';
import { href, paths } from '@/platform/paths.ts';
import { classDetailQueryOptions } from '@/platform/queries/my-classes.ts';
import { useDetailById } from '@/ui/detail-page.tsx';
import { SignupForm, SignupPage } from '@/ui/signup-form.tsx';
import {
  FullRefusalNote,
  liveSignup,
  SignupFormNotices,
  signupNote,
  submittedText,
  waitingText,
  waitingTitle,
  waitlistMode,
} from '@/ui/signup-status.tsx';
import { HOME_WAY, StateView } from '@/ui/state-view.tsx';
import { useClassSignup } from '../api/class-signup.ts';

const MY_CLASSES = { to: paths.myClasses, label: '我的班级' };

function BackToClass({ klass }: { klass: ClassDetail }) {
  return (
    <Link className="link-button" to={href('classDetail', { id: klass.id })}>
      返回班级
    </Link>
  );
}

/** The view once the signup went through: 报名成功, 报名已提交 (待审核) or 已加入候补. */
function SignupDone({ klass, result }: { klass: ClassDetail; result: ClassSignupResult }) {
  const submitted = submittedText(result.mySignup);
  return (
    <StateView
      kind="empty"
      title={submitted?.title ?? '报名成功'}
      description={submitted?.description ?? `您已报名“${klass.title}”，请按时参加。`}
      way={MY_CLASSES}
    >
      <BackToClass klass={klass} />
    </StateView>
  );
}

/**
 * What shows instead of the form: the result once sent, my sign-up when I have one, or why the
 * class takes none (a full class still takes the waiting list).
 */
function signupStop(klass: ClassDetail, result: ClassSignupResult | undefined) {
  if (result) return <SignupDone klass={klass} result={result} />;
  const signup = liveSignup(klass.mySignup);
  if (signup?.status === 'active') {
    return <StateView kind="empty" title="您已报名该班级" way={MY_CLASSES} />;
  }
  if (signup?.status === 'rejected') {
    return (
      <StateView
        kind="empty"
        title="您的报名未通过审核"
        description={signupNote(signup)}
        way={{ to: href('classDetail', { id: klass.id }), label: '返回班级' }}
      />
    );
  }
  if (signup) {
    return (
      <StateView
        kind="empty"
        title={waitingTitle(signup)}
        description={signupNote(signup)}
        way={MY_CLASSES}
      />
    );
  }
  if (klass.status !== '报名中' && klass.status !== '已满') {
    return (
      <StateView
        kind="empty"
        title={`该班级${klass.status}，暂不能报名`}
        way={{ to: href('classDetail', { id: klass.id }), label: '返回班级' }}
      />
    );
  }
  return null;
}

/**
 * `/classSignup?id=`: the form the class asks for, checked here and again on the server. A full
 * class (or one that filled up while the learner was filling in) takes them on its waiting list.
 */
export function ClassSignupPage() {
  const detail = useDetailById(classDetailQueryOptions);
  const signup = useClassSignup();
  return (
    <SignupPage
      detail={detail}
      missing={{ what: '班级', way: HOME_WAY }}
      stop={(klass) => signupStop(klass, signup.data)}
    >
      {(klass) => {
        const { raced, waitlist } = waitlistMode(klass.status, signup.error);
        return (
          <SignupForm
            fields={klass.formFields}
            pending={signup.isPending}
            error={signup.error}
            submitLabel={waitlist ? '加入候补' : '提交报名'}
            note={<FullRefusalNote shown={raced} />}
            onSubmit={(form) => signup.mutate({ classId: klass.id, form, waitlist })}
          >
            <p className="signup-class">
              {waitlist ? '候补班级' : '报名班级'}：<strong>{klass.title}</strong>
              {klass.status === '已满'
                ? `（名额已满，${waitingText(klass.waitingCount)}）`
                : raced
                  ? '（名额已满）'
                  : `（剩余 ${klass.seatsLeft} 个名额）`}
            </p>
            <SignupFormNotices full={klass.status === '已满'} review={klass.reviewSignups} />
          </SignupForm>
        );
      }}
    </SignupPage>
  );
}
