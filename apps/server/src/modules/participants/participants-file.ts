import type { Participant, ParticipantItem, SignupField } from '@portal/contract';
import { PARTICIPANT_KIND_NAMES, PARTICIPANT_STATUS_NAMES } from '@portal/contract/constants';
import ExcelJS from 'exceljs';
import { csvText } from '../../platform/csv.ts';
import { shanghaiTime } from '../messages/message-texts.ts';

/** What a participants file holds: the item, its form's fields and the rows. */
export interface ParticipantSheet {
  item: ParticipantItem;
  fields: SignupField[];
  participants: Participant[];
}

/** A time of the list as a spreadsheet shows it (Shanghai time, to the minute), or ''. */
const timeText = (iso: string | null) => (iso ? shanghaiTime(Date.parse(iso)) : '');

/**
 * The table of a participants file: a header (fixed columns, then one per field of the sign-up
 * form, labelled as the form labels it) and a row per participant.
 */
export function participantTable(sheet: ParticipantSheet): string[][] {
  const { item, fields, participants } = sheet;
  const slot = item.kind === 'slot';
  const activity = item.kind === 'activity';
  const header = [
    '序号',
    '昵称',
    '账号手机',
    '状态',
    '报名时间',
    '取消时间',
    ...(activity ? ['签到时间', '附件'] : []),
    ...(slot ? ['人数', '联系人', '联系电话'] : []),
    ...fields.map((field) => field.label),
  ];
  const rows = participants.map((participant, index) => [
    String(index + 1),
    participant.nickname,
    participant.phone,
    PARTICIPANT_STATUS_NAMES[participant.status],
    timeText(participant.signedAt),
    timeText(participant.cancelledAt),
    ...(activity
      ? [
          timeText(participant.checkedInAt),
          participant.attachments.map((file) => file.name).join('、'),
        ]
      : []),
    ...(slot
      ? [
          String(participant.partySize),
          participant.contact?.name ?? '',
          participant.contact?.phone ?? '',
        ]
      : []),
    ...participant.answers.map((answer) => answer.value),
  ]);
  return [header, ...rows];
}

/** The file's name: `报名名单-<kind>-<title>.<ext>`, without characters a file system refuses. */
export function participantFileName(item: ParticipantItem, extension: 'csv' | 'xlsx'): string {
  const title = item.title.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60);
  return `报名名单-${PARTICIPANT_KIND_NAMES[item.kind]}-${title}.${extension}`;
}

/** The table as CSV for Excel (see {@link csvText}). */
export function participantCsv(sheet: ParticipantSheet): Buffer {
  return Buffer.from(csvText(participantTable(sheet)), 'utf8');
}

/**
 * The table as an Excel workbook (exceljs): one sheet named after the kind, every cell a string
 * (never a formula), the header bold and frozen, the columns as wide as their text.
 */
export async function participantWorkbook(sheet: ParticipantSheet): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = '学习网运营后台';
  const worksheet = workbook.addWorksheet('报名名单', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const table = participantTable(sheet);
  for (const row of table) worksheet.addRow(row);
  worksheet.getRow(1).font = { bold: true };
  const widths = table[0]?.map((_, column) =>
    Math.min(40, Math.max(6, ...table.map((row) => displayWidth(row[column] ?? '')))),
  );
  widths?.forEach((width, column) => {
    worksheet.getColumn(column + 1).width = width + 2;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Columns a text takes in a spreadsheet: a Chinese character two, anything else one. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2E80-\uFFFF]/.test(char) ? 2 : 1;
  return width;
}
