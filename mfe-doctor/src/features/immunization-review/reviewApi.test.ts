import type { CampusCareClient } from '@campuscare/shared';
import { doseRow, exemptionRow } from '../../test/immunizationTestData';
import { decide, openDocument, readReviewQueue, UNREADABLE_QUEUE_MESSAGE } from './reviewApi';
import { documentShownAs, itemTitle, seriesStatusText, studentDetails } from './reviewFormat';

type Call = readonly [string, ...unknown[]];

function fakeClient(
  rpcAnswer: { readonly data: unknown; readonly error: unknown },
  download = { data: new Blob(['png']), error: null as unknown },
) {
  const calls: Call[] = [];
  const client = {
    rpc: async (name: string, args?: unknown) => {
      calls.push(['rpc', name, args]);
      return rpcAnswer;
    },
    storage: {
      from: (bucket: string) => ({
        download: async (path: string) => {
          calls.push(['download', bucket, path]);
          return download;
        },
      }),
    },
  };
  return { client: client as unknown as CampusCareClient, calls };
}

describe('the review queue', () => {
  it('reads a dose with its document and series, and an exemption with its reason', () => {
    const [dose, exemption] = readReviewQueue([doseRow(), exemptionRow()]);
    expect(dose).toMatchObject({
      kind: 'dose',
      id: 'dose-2',
      vaccineName: 'Hepatitis B, adult',
      givenOn: '2026-11-02',
      givenAt: 'City pharmacy',
      lot: 'HB123',
      student: {
        id: 'student-1',
        name: 'Ada Okoro',
        regNumber: 'NFU/2025/001',
        department: 'Medicine',
        yearOfStudy: 2,
      },
      document: { id: 'doc-1', name: 'card.png', type: 'image/png' },
    });
    expect(dose?.series.map((entry) => [entry.id, entry.source, entry.reviewStatus])).toEqual([
      ['dose-1', 'clinic', 'approved'],
      ['dose-2', 'student', 'pending'],
    ]);
    expect(exemption).toMatchObject({
      kind: 'exemption',
      requirementName: 'Hepatitis B',
      exemptionKind: 'medical',
      reason: 'Allergic to yeast',
      document: null,
      series: [],
    });
  });

  it('refuses an answer it cannot read', () => {
    expect(() => readReviewQueue([doseRow({ item_id: null })])).toThrow(UNREADABLE_QUEUE_MESSAGE);
    expect(() => readReviewQueue([doseRow({ entered_doses: { not: 'a list' } })])).toThrow(UNREADABLE_QUEUE_MESSAGE);
  });

  it('decides a dose or an exemption through its own function, with the reason when rejected', async () => {
    const { client, calls } = fakeClient({ data: {}, error: null });
    await decide(client, { item: { kind: 'dose', id: 'dose-2' }, approve: true });
    await decide(client, {
      item: { kind: 'exemption', id: 'exemption-1' },
      approve: false,
      reason: 'A doctor’s letter is needed',
    });
    expect(calls).toEqual([
      ['rpc', 'review_immunization_dose', { dose_id: 'dose-2', approve: true, reason: undefined }],
      [
        'rpc',
        'review_immunization_exemption',
        { exemption_id: 'exemption-1', approve: false, reason: 'A doctor’s letter is needed' },
      ],
    ]);
    const refused = fakeClient({
      data: null,
      error: { code: 'P0001', message: 'This dose has already been reviewed' },
    });
    await expect(decide(refused.client, { item: { kind: 'dose', id: 'dose-2' }, approve: true })).rejects.toThrow(
      'This dose has already been reviewed',
    );
  });

  it('opens a document through open_medical_document, then reads the file it names', async () => {
    const { client, calls } = fakeClient({
      data: { bucket: 'medical-documents', path: 'student-1/a.png', file_name: 'card.png', content_type: 'image/png' },
      error: null,
    });
    const opened = await openDocument(client, 'doc-1');
    expect(calls).toEqual([
      ['rpc', 'open_medical_document', { document_id: 'doc-1' }],
      ['download', 'medical-documents', 'student-1/a.png'],
    ]);
    expect(opened).toMatchObject({ fileName: 'card.png', contentType: 'image/png' });
    const refused = fakeClient({ data: null, error: { code: 'P0001', message: 'Document not found' } });
    await expect(openDocument(refused.client, 'doc-9')).rejects.toThrow('Document not found');
    expect(refused.calls.filter(([kind]) => kind === 'download')).toEqual([]);
  });

  it('says what an item is about, in words', () => {
    const [dose, exemption] = readReviewQueue([doseRow(), exemptionRow()]);
    if (!dose || !exemption) throw new Error('two items');
    expect(itemTitle(dose)).toBe('the dose of Hepatitis B, adult given on Mon, 2 Nov 2026');
    expect(itemTitle(exemption)).toBe('the medical exemption from Hepatitis B');
    expect(studentDetails(dose.student)).toBe('NFU/2025/001 · Medicine · year 2');
    expect(dose.series.map(seriesStatusText)).toEqual(['Given at the clinic', 'Waiting for review']);
    expect([documentShownAs('image/png'), documentShownAs('application/pdf'), documentShownAs('text/html')]).toEqual([
      'image',
      'pdf',
      'download',
    ]);
  });
});
