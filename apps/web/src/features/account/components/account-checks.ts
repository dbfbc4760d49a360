import {
  NICKNAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_PATTERN,
} from '@portal/contract/constants';

/** The server's nickname rule, checked before sending (the server checks again). */
export function nicknameProblem(text: string): string | null {
  const nickname = text.trim();
  if (!nickname) return '请输入昵称';
  if (nickname.length > NICKNAME_MAX) return `昵称最多 ${NICKNAME_MAX} 个字`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the rule is about control characters.
  if (/[\u0000-\u001f\u007f-\u009f]/.test(nickname)) return '昵称不能包含控制字符';
  return null;
}

/** The registration's password rule. */
export function newPasswordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `新密码至少 ${PASSWORD_MIN} 位`;
  if (password.length > PASSWORD_MAX) return `新密码最多 ${PASSWORD_MAX} 位`;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '新密码需同时包含字母和数字';
  return null;
}

export function phoneProblem(phone: string): string | null {
  return PHONE_PATTERN.test(phone.trim()) ? null : '请输入 11 位手机号';
}

export function codeProblem(code: string): string | null {
  return /^\d{6}$/.test(code.trim()) ? null : '请输入 6 位数字验证码';
}
