import { escapeHtml } from '../../platform/html.ts';

interface PageOptions {
  title: string;
  siteName: string;
  body: string;
}

function page({ title, siteName, body }: PageOptions): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - ${escapeHtml(siteName)}</title>
<link rel="stylesheet" href="/sso/sso.css">
</head>
<body>
<main class="card">
<p class="brand">${escapeHtml(siteName)} · 账号中心</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

function errorBox(error: string | undefined): string {
  return error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
}

function hiddenCallback(callback: string): string {
  return `<input type="hidden" name="callback" value="${escapeHtml(callback)}">`;
}

/** What a form page shows: where to go back to, and what the learner sent when it was refused. */
export interface FormView {
  siteName: string;
  callback: string;
  /** The refused submission: its text fields (not passwords) are filled in again. */
  sent?: Record<string, unknown>;
  error?: string;
  /** The external identity provider's login, with the same callback, when one is configured. */
  external?: { name: string; href: string } | undefined;
}

/** The text sent in field `name`, cut to what an input holds; '' when none. */
function sentText(view: FormView, name: string): string {
  const value = view.sent?.[name];
  return typeof value === 'string' ? value.slice(0, 64) : '';
}

interface Field {
  name: string;
  label: string;
  type: 'tel' | 'text' | 'password';
  autocomplete: string;
  maxlength: number;
  placeholder: string;
  /** Default true. */
  required?: boolean;
  /** Shown again after a refused attempt (never for passwords). */
  value?: string;
}

/** A labelled input of an account-center form. */
function field(input: Field): string {
  const numeric = input.type === 'tel' ? ' inputmode="numeric"' : '';
  const required = input.required === false ? '' : ' required';
  const value = input.value === undefined ? '' : ` value="${escapeHtml(input.value)}"`;
  return `<label for="${input.name}">${input.label}</label>
<input id="${input.name}" name="${input.name}" type="${input.type}"${numeric} autocomplete="${input.autocomplete}" maxlength="${input.maxlength}"${required}${value} placeholder="${input.placeholder}">`;
}

/** The account center's two forms; each posts to its own path under `/sso`. */
export type FormName = 'login' | 'register';

interface FormSpec {
  title: string;
  fields: (view: FormView) => Field[];
  submit: string;
  /** The link to the other form, with the same callback. */
  other: { prompt: string; form: FormName; label: string };
}

/** The mobile number the learner logs in with. */
function phoneField(view: FormView, maxlength: number, placeholder: string): Field {
  return {
    name: 'username',
    label: '手机号',
    type: 'tel',
    autocomplete: 'username',
    maxlength,
    placeholder,
    value: sentText(view, 'username'),
  };
}

/** A password input (never filled again). */
function passwordField(
  name: string,
  label: string,
  autocomplete: string,
  placeholder: string,
): Field {
  return { name, label, type: 'password', autocomplete, maxlength: 64, placeholder };
}

const FORMS: Record<FormName, FormSpec> = {
  login: {
    title: '登录',
    fields: (view) => [
      phoneField(view, 64, '请输入手机号'),
      passwordField('password', '密码', 'current-password', '请输入密码'),
    ],
    submit: '登录',
    other: { prompt: '还没有账号？', form: 'register', label: '立即注册' },
  },
  register: {
    title: '注册',
    fields: (view) => [
      phoneField(view, 11, '11 位手机号'),
      {
        name: 'nickname',
        label: '昵称（选填）',
        type: 'text',
        autocomplete: 'nickname',
        maxlength: 20,
        placeholder: '别人看到的名字',
        required: false,
        value: sentText(view, 'nickname'),
      },
      passwordField('password', '密码', 'new-password', '至少 8 位，含字母和数字'),
      passwordField('confirmPassword', '确认密码', 'new-password', '再输入一次密码'),
    ],
    submit: '注册并登录',
    other: { prompt: '已有账号？', form: 'login', label: '去登录' },
  },
};

/** An account-center form page: the error of the last attempt, the inputs, the other form's link. */
export function formPage(name: FormName, view: FormView): string {
  const form = FORMS[name];
  const query = new URLSearchParams({ callback: view.callback }).toString();
  return page({
    title: form.title,
    siteName: view.siteName,
    body: `${errorBox(view.error)}
<form method="post" action="/sso/${name}" novalidate>
${hiddenCallback(view.callback)}
${form.fields(view).map(field).join('\n')}
<button type="submit">${form.submit}</button>
</form>
<p class="alt">${form.other.prompt}<a href="/sso/${form.other.form}?${escapeHtml(query)}">${form.other.label}</a></p>${
      name === 'login' && view.external
        ? `\n<p class="or">或</p>\n<a class="external" href="${escapeHtml(view.external.href)}">使用${escapeHtml(view.external.name)}登录</a>`
        : ''
    }`,
  });
}

/** A page that explains a refusal (foreign callback, too many attempts). */
export function messagePage(siteName: string, title: string, message: string): string {
  return page({
    title,
    siteName,
    body: `<p class="error" role="alert">${escapeHtml(message)}</p><p class="alt"><a href="/">返回首页</a></p>`,
  });
}

/** Large type and large touch targets: many learners are older adults. */
export const ssoCss = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;background:linear-gradient(180deg,#e8f3ff 0,#f5f7fa 320px);color:#1f2329;font-size:17px;line-height:1.6;padding:24px 16px}
.card{max-width:420px;margin:24px auto;background:#fff;border-radius:16px;padding:28px 22px;box-shadow:0 6px 24px rgba(22,100,255,.08)}
.brand{margin:0;color:#1664ff;font-weight:600;font-size:16px}
h1{margin:4px 0 20px;font-size:28px}
label{display:block;margin:16px 0 6px;font-weight:600}
input{width:100%;font-size:18px;padding:13px 14px;border:1px solid #c9cdd4;border-radius:10px;background:#fff}
input:focus{outline:3px solid rgba(22,100,255,.25);border-color:#1664ff}
button{width:100%;margin-top:26px;font-size:19px;font-weight:600;padding:14px;border:0;border-radius:26px;background:#1664ff;color:#fff}
button:active{background:#0e4fd6}
.error{background:#fff1f0;color:#c4221b;border-radius:10px;padding:10px 12px;margin:0 0 8px}
.alt{text-align:center;margin-top:22px;color:#646a73}
.or{text-align:center;color:#8f959e;margin:18px 0 10px}
.external{display:block;text-align:center;font-size:18px;font-weight:600;padding:13px;border:1px solid #1664ff;border-radius:26px;text-decoration:none}
a{color:#1664ff}`;
