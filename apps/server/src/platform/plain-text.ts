/**
 * The introduction as the portal shows it (plain paragraphs): line ends made `\n`, control
 * characters dropped, each line's trailing spaces and runs of blank lines trimmed.
 */
export function cleanIntroduction(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
