/** A formula character where a spreadsheet may start reading a value: the cell's start, or just after a separator or line break. */
const FORMULA_AT_VALUE_START = /(?:^|(?<=[,;\t\r\n]))(?=[=+\-@\t\r])/g;

/**
 * One CSV cell (RFC 4180), always quoted: unquoted, a `;` or a tab splits the cell in locales whose lists use them,
 * and the rest of it is read as a cell of its own. Wherever a value may start, a formula character (= + - @, a tab or
 * a carriage return) gets an apostrophe before it, so it stays text: names, emails and summaries come from people.
 */
export function csvCell(value: string): string {
  return `"${value.replace(FORMULA_AT_VALUE_START, "'").replace(/"/g, '""')}"`;
}

/** A CSV document: the header, then one line per row, every cell through csvCell, CRLF line ends. */
export function csvDocument(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
