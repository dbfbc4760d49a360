/** Learning time as friendly Chinese: `不到 1 分钟`, `25 分钟`, `1 小时 5 分钟`. */
export function formatMinutes(seconds: number): string {
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds / 60) : 0;
  if (minutes < 1) return seconds > 0 ? '不到 1 分钟' : '0 分钟';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} 分钟`;
  return rest === 0 ? `${hours} 小时` : `${hours} 小时 ${rest} 分钟`;
}
