// Keeps the last lines of a child process's output for error messages.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

/**
 * @param {number} maxLines
 * @param {(line: string) => void} [onLine] called for every complete line
 */
function createTail(maxLines, onLine) {
  /** @type {string[]} */
  const lines = [];
  let partial = '';
  return {
    /** @param {Buffer | string} chunk */
    push(chunk) {
      const text = partial + String(chunk).replace(ANSI, '');
      const parts = text.split(/\r?\n/);
      partial = parts.pop() ?? '';
      for (const line of parts) {
        onLine?.(line);
        lines.push(line);
        if (lines.length > maxLines) lines.shift();
      }
    },
    text() {
      return [...lines, partial].filter((line) => line.trim() !== '').join('\n');
    },
  };
}

module.exports = { createTail };
