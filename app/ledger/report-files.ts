import { MONTH_PATTERN } from "./ledger-rules";

/**
 * The month's CSV files (decision 0212): one table per file, so a spreadsheet opens each as one
 * sheet with one header. `report`: the deliveries, cancellation fees and ledger entries;
 * `fund`: the member benefits fund's movements and the surplus returns.
 */
const REPORT_FILES = ["report", "fund"] as const;
export type ReportFile = (typeof REPORT_FILES)[number];

export const isReportFile = (value: unknown): value is ReportFile => REPORT_FILES.includes(value as ReportFile);

/** `/api/admin/reports/2026-11.csv` and `/api/admin/reports/2026-11-fund.csv`. */
export const reportFilePath = (month: string, file: ReportFile) =>
  `/api/admin/reports/${month}${file === "fund" ? "-fund" : ""}.csv`;

/** The file a path names (`2026-11.csv`, `2026-11-fund.csv`), or null. */
export function parseReportFile(name: string): { month: string; file: ReportFile } | null {
  const match = /^(\d{4}-\d{2})(-fund)?\.csv$/.exec(name);
  if (!match || !MONTH_PATTERN.test(match[1]!)) return null;
  return { month: match[1]!, file: match[2] ? "fund" : "report" };
}

/** The name a download is saved under. */
export const reportFileName = (month: string, file: ReportFile) =>
  `hatid-${file === "fund" ? "fund" : "report"}-${month}.csv`;
