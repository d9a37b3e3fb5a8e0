import ExcelJS from 'exceljs';

/**
 * The Excel workbook of a selection (a sample record or the current cart). It takes plain,
 * already translated data and picture bytes, so it can run in a worker thread: building a
 * 1000-row sheet is a second of JavaScript that must not hold up other requests.
 */
export interface WorkbookInput {
  title: string;
  /** Label/value pairs above the table: the exporter, the record, the buyer. */
  header: [string, string][];
  columns: { label: string; width: number; money?: boolean; decimals?: number }[];
  rows: { cells: (string | number | null)[]; picture: Uint8Array | null }[];
  /** The totals row, aligned with the columns. */
  totals: (string | number | null)[];
  /** The column (0-based) the picture goes in. */
  pictureColumn: number;
  rightToLeft: boolean;
}

const PICTURE_PX = 64;
const ROW_HEIGHT_PT = 52;

export async function buildWorkbook(input: WorkbookInput): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Vitrine';
  const ws = wb.addWorksheet(input.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Samples', {
    views: [{ rightToLeft: input.rightToLeft, state: 'frozen', ySplit: input.header.length + 2 }],
  });
  ws.columns = input.columns.map((c) => ({ width: c.width }));

  ws.addRow([input.title]).font = { bold: true, size: 14 };
  for (const [label, value] of input.header) {
    const row = ws.addRow([label, value]);
    row.getCell(1).font = { bold: true };
  }
  const headRow = ws.addRow(input.columns.map((c) => c.label));
  headRow.font = { bold: true };
  headRow.alignment = { vertical: 'middle', wrapText: true };
  headRow.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } };
  });

  const first = headRow.number + 1;
  input.rows.forEach((r, i) => {
    const row = ws.addRow(r.cells);
    row.height = ROW_HEIGHT_PT;
    row.alignment = { vertical: 'middle', wrapText: true };
    if (r.picture) {
      const image = wb.addImage({ buffer: Buffer.from(r.picture) as never, extension: 'jpeg' });
      ws.addImage(image, {
        tl: { col: input.pictureColumn + 0.1, row: first + i - 1 + 0.1 },
        ext: { width: PICTURE_PX, height: PICTURE_PX },
        editAs: 'oneCell',
      });
    }
  });
  const totals = ws.addRow(input.totals);
  totals.font = { bold: true };

  input.columns.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    if (c.decimals !== undefined) col.numFmt = c.decimals === 0 ? '#,##0' : `#,##0.${'0'.repeat(c.decimals)}`;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
