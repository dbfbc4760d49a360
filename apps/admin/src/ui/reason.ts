/** Why a reason for `what` (停用, 调整, 不通过, 取消) cannot be sent, or undefined when it can. */
export function reasonProblem(what: string, reason: unknown, max: number): string | undefined {
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text.length < 2) return `请写明${what}的原因（至少 2 个字）`;
  if (text.length > max) return `${what}原因最多 ${max} 个字`;
  return undefined;
}
