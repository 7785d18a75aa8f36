import { randomBytes } from 'node:crypto';
import { stream, writePdf } from '../../sync-server/test/analyzer/fixtures/hostile.js';
import { makePdf, payslipLines, scanPage, A4, type PageSpec } from '../../sync-server/test/analyzer/fixtures/pages.js';

export type FormPart = { name: string; value: string } | { name: string; filename: string; content: Uint8Array | string; type?: string };

/** A multipart/form-data body for `inject`, parts in the order given. */
export function form(parts: readonly FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/pdf'}\r\n\r\n`),
        Buffer.from(p.content),
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A text PDF with one page per entry, each page's lines as given. */
export function textPdf(pages: string[][]): Promise<Uint8Array> {
  return makePdf(pages.map((lines) => ({ kind: 'text', lines: lines.map((text, i) => ({ text, x: 60, y: 60 + i * 18 })) })));
}

/** A packet a run files cleanly: three payslips and a bank statement, all with a text layer. */
export async function cleanPacket(applicant = 'Sarah Whitcombe'): Promise<Uint8Array> {
  const payslip = (period: string, paid: string) => [
    'Hartwell Logistics Ltd',
    'PAYSLIP',
    `Employee: ${applicant}`,
    'Employee no. 004417   NI number QQ 12 34 56 C',
    `Pay period: ${period}`,
    `Payment date: ${paid}`,
    'Basic salary 3,250.00',
    'Income tax 412.40',
    'Net pay 2,568.20',
    'Tax code 1257L',
  ];
  return textPdf([
    payslip('March 2025', '28 March 2025'),
    payslip('April 2025', '28 April 2025'),
    payslip('May 2025', '28 May 2025'),
    [
      'Northbank plc',
      'Current account statement',
      `Account holder: ${applicant}`,
      'Sort code 20-45-77  Account number 41829330',
      'Statement period 1 April 2025 to 30 April 2025',
      'Opening balance 1,204.11',
      '28 Apr  HARTWELL LOGISTICS SALARY  2,568.20',
      '01 Apr  RENT PAYMENT  -950.00',
      'Closing balance 2,822.31',
    ],
  ]);
}

/** A packet whose second page is a scan at 96 DPI: pre-flight flags it `low_dpi`. */
export async function lowDpiPacket(): Promise<Uint8Array> {
  const scan = await scanPage(A4, 96, payslipLines({ period: 'May 2025', paid: '28 May 2025', gross: '3,250.00', tax: '412.40', net: '2,568.20', ytd: '6,500.00' }), 7);
  const text: PageSpec = { kind: 'text', lines: [{ text: 'Covering letter from Sarah Whitcombe', x: 60, y: 60 }] };
  return makePdf([text, scan]);
}

/** A packet whose third page repeats its first: pre-flight flags it `duplicate_page`. */
export async function duplicatePagePacket(): Promise<Uint8Array> {
  const first = ['Hartwell Logistics Ltd', 'PAYSLIP', 'Employee: Sarah Whitcombe', 'Pay period: March 2025', 'Net pay 2,568.20'];
  return textPdf([first, ['Northbank plc', 'Current account statement', 'Account holder: Sarah Whitcombe'], first]);
}

const PAGE_BODY = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>', stream('', 'BT ET')];

/** A one-page PDF that needs a password to open (RC4, hashes that match no empty password). */
export function encryptedPdf(): Uint8Array {
  const id = '<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>';
  const hex32 = (seed: number) => `<${Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('')}>`;
  return writePdf([...PAGE_BODY, `<< /Filter /Standard /V 1 /R 2 /O ${hex32(1)} /U ${hex32(2)} /P -44 >>`], { trailer: `/Encrypt 5 0 R /ID [${id}]` });
}

/** A file with a PDF header that no reader can open (its trailer names no catalogue). */
export function brokenPdf(): Uint8Array {
  return writePdf(['<< /Type /Pages /Kids [] /Count 0 >>', ...PAGE_BODY.slice(1)]);
}
