import { describe, expect, it } from 'vitest';
import {
  codeProblem,
  newPasswordProblem,
  nicknameProblem,
  phoneProblem,
} from './account-checks.ts';

describe('the account forms’ checks', () => {
  it('hold a nickname to 1 to 20 visible characters', () => {
    expect(nicknameProblem(' 王秀兰 ')).toBeNull();
    expect(nicknameProblem('   ')).toBe('请输入昵称');
    expect(nicknameProblem('一'.repeat(21))).toBe('昵称最多 20 个字');
    expect(nicknameProblem('王\u0007秀兰')).toBe('昵称不能包含控制字符');
  });

  it('hold a new password to the registration rule', () => {
    expect(newPasswordProblem('Fresh2026y')).toBeNull();
    expect(newPasswordProblem('abc1')).toBe('新密码至少 8 位');
    expect(newPasswordProblem('abcdefgh')).toBe('新密码需同时包含字母和数字');
  });

  it('want an 11-digit mobile number and a 6-digit code', () => {
    expect(phoneProblem('13912345678')).toBeNull();
    expect(phoneProblem('1391234567')).toBe('请输入 11 位手机号');
    expect(codeProblem('012345')).toBeNull();
    expect(codeProblem('12a456')).toBe('请输入 6 位数字验证码');
  });
});
