/**
 * A length of time in seconds as `h:mm:ss` (hours unpadded; fractions dropped; negative, NaN or
 * infinite input shows as '0:00:00').
 */
export function formatDuration(totalSeconds: number): string {
  // BigInt keeps the arithmetic exact for every finite number and avoids '1e+21'-style hours.
  const seconds =
    Number.isFinite(totalSeconds) && totalSeconds > 0 ? BigInt(Math.floor(totalSeconds)) : 0n;
  const hours = seconds / 3600n;
  const minutes = (seconds % 3600n) / 60n;
  return `${hours}:${pad2(minutes)}:${pad2(seconds % 60n)}`;
}

function pad2(value: bigint): string {
  return value.toString().padStart(2, '0');
}
