/**
 * CSV as RFC 4180 says: fields separated by commas, records by CRLF; a field holding a comma, a
 * double quote, CR or LF is enclosed in double quotes, with its quotes doubled. Text that a
 * spreadsheet would run as a formula (starting with = + - @, tab or CR) is prefixed with an
 * apostrophe, so a customer's address cannot become a formula on the partner's computer.
 */
export type CsvCell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(cell: CsvCell): string {
  if (cell === null) return "";
  let text = typeof cell === "number" ? String(cell) : cell;
  if (typeof cell === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
