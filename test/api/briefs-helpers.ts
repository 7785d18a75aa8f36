import { expect } from 'vitest';
import type { Application, IntelBrief } from '@portal/shared';
import { RESEARCH_LANE } from '../../sync-server/src/research/types.js';
import type { Session, TestApp } from '../helper.js';
import { readPacket } from '../fixtures/packets.js';
import { documentsDriver } from './documents-helpers.js';

export const corpusPacket = readPacket;

/** Folded as the citation check compares: case, accents and spacing aside. */
export const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Drives briefs and assistant turns of one suite's app (test apps start no workers). */
export function researchDriver(t: () => TestApp) {
  const docs = documentsDriver(t);

  /** Runs the research lane's queued jobs (brief sections, assistant turns) until none is due. */
  const drainResearch = async (max = 50) => {
    for (let i = 0; i < max && (await t().app.jobs.runOnce('research-test', undefined, RESEARCH_LANE)); i++);
  };

  /** A corpus packet run to `report` through the standard intake. */
  const corpusCase = async (s: Session, packet: string, applicant: string): Promise<Application> =>
    docs.run(s, 'standard-intake', docs.newCase(applicant, [{ name: packet, content: await corpusPacket(packet) }]));

  const startBrief = (s: Session, applicationId: string, body: unknown) => docs.inject(s, 'POST', `/api/applications/${applicationId}/intel-briefs`, body);

  const brief = async (s: Session, applicationId: string, briefId: string): Promise<IntelBrief> => {
    const res = await docs.inject(s, 'GET', `/api/applications/${applicationId}/intel-briefs/${briefId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** The stored text of every page of the case, by `fileId:page`, to check citations against. */
  const storedLines = async (applicationId: string): Promise<Map<string, string[]>> => {
    const { rows } = await t().app.db.query<{ file_id: string; page: number; lines: { text: string }[] }>(
      'SELECT file_id, page, lines FROM application_pages WHERE application_id = $1',
      [applicationId],
    );
    return new Map(rows.map((r) => [`${r.file_id}:${r.page}`, r.lines.map((l) => l.text)]));
  };

  return { ...docs, drainResearch, corpusCase, startBrief, brief, storedLines };
}
