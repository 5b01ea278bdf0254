import { API_MESSAGES, type CampusCareClient } from '@campuscare/shared';
import { recordDose, requestExemption } from './immunizationsApi';
import {
  fileSizeText,
  MAX_PROOF_BYTES,
  PROOF_MESSAGES,
  proofFileError,
  proofObjectPath,
  uploadProof,
} from './proofApi';
import { fileOf } from '../../test/immunizationsTestData';

type Call = readonly [string, ...unknown[]];

interface Answers {
  readonly upload?: { readonly data: unknown; readonly error: unknown };
  readonly rpc?: (name: string) => { readonly data: unknown; readonly error: unknown };
}

/** Records each storage and RPC call; answers as told. */
function fakeClient(answers: Answers = {}) {
  const calls: Call[] = [];
  const client = {
    storage: {
      from: (bucket: string) => ({
        upload: async (path: string, file: File, options: unknown) => {
          calls.push(['upload', bucket, path, file.name, options]);
          return answers.upload ?? { data: { path }, error: null };
        },
      }),
    },
    rpc: async (name: string, args?: unknown) => {
      calls.push(['rpc', name, args]);
      return (
        answers.rpc?.(name) ?? {
          data: name === 'add_medical_document' ? { id: 'doc-1' } : { id: 'row-1' },
          error: null,
        }
      );
    },
  };
  return { client: client as unknown as CampusCareClient, calls };
}

const STUDENT = '11111111-1111-4111-8111-111111111111';

describe('proof files', () => {
  it('takes a PDF, JPEG or PNG of 1 byte to 10 MB, and nothing else', () => {
    expect(proofFileError(fileOf('card.pdf', 'application/pdf'))).toBeUndefined();
    expect(proofFileError(fileOf('card.jpg', 'image/jpeg', MAX_PROOF_BYTES))).toBeUndefined();
    expect(proofFileError(fileOf('card.png', 'image/png'))).toBeUndefined();
    expect(proofFileError(fileOf('card.png', 'image/png', MAX_PROOF_BYTES + 1))).toBe(PROOF_MESSAGES.tooLarge);
    expect(proofFileError(fileOf('card.png', 'image/png', 0))).toBe(PROOF_MESSAGES.empty);
    for (const type of ['image/heic', 'image/webp', 'image/svg+xml', 'text/plain', ''])
      expect(proofFileError(fileOf('card', type))).toBe(PROOF_MESSAGES.wrongType);
  });

  it('stores each file under the student’s own folder with a name of its own', () => {
    expect(proofObjectPath(STUDENT, { type: 'image/jpeg' }, 'abc')).toBe(`${STUDENT}/abc.jpg`);
    expect(proofObjectPath(STUDENT, { type: 'application/pdf' }, 'abc')).toBe(`${STUDENT}/abc.pdf`);
    expect(proofObjectPath(STUDENT, { type: 'image/png' })).toMatch(new RegExp(`^${STUDENT}/[0-9a-f-]{36}\\.png$`));
  });

  it('says sizes as people read them', () => {
    expect(fileSizeText(2048)).toBe('2 KB');
    expect(fileSizeText(100)).toBe('1 KB');
    expect(fileSizeText(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });

  it('uploads into the private bucket, then registers the file', async () => {
    const { client, calls } = fakeClient();
    const document = await uploadProof(client, { studentId: STUDENT, file: fileOf('card.png', 'image/png') });
    expect(document).toEqual({ id: 'doc-1' });
    const [upload, register] = calls;
    expect(upload).toEqual([
      'upload',
      'medical-documents',
      expect.stringMatching(new RegExp(`^${STUDENT}/.+\\.png$`)),
      'card.png',
      { contentType: 'image/png', upsert: false },
    ]);
    expect(register).toEqual(['rpc', 'add_medical_document', { storage_object: upload?.[2], file_name: 'card.png' }]);
  });

  it('says in words for proof when the storage refuses the content or the size, and registers nothing', async () => {
    // As the storage service answers: HTTP 400, its own status code in the body.
    const refusedType = fakeClient({
      upload: {
        data: null,
        error: {
          name: 'StorageApiError',
          __isStorageError: true,
          status: 400,
          statusCode: '415',
          message: 'file content does not match mime type image/png',
        },
      },
    });
    await expect(
      uploadProof(refusedType.client, { studentId: STUDENT, file: fileOf('card.png', 'image/png') }),
    ).rejects.toThrow(PROOF_MESSAGES.contentMismatch);
    expect(refusedType.calls.filter(([kind]) => kind === 'rpc')).toEqual([]);
    const tooLarge = fakeClient({
      upload: {
        data: null,
        error: {
          name: 'StorageApiError',
          __isStorageError: true,
          status: 413,
          message: 'The object exceeded the maximum allowed size',
        },
      },
    });
    await expect(
      uploadProof(tooLarge.client, { studentId: STUDENT, file: fileOf('card.png', 'image/png') }),
    ).rejects.toThrow(PROOF_MESSAGES.tooLarge);
    const forbidden = fakeClient({
      upload: {
        data: null,
        error: {
          name: 'StorageApiError',
          __isStorageError: true,
          status: 403,
          message: 'new row violates row-level security policy',
        },
      },
    });
    await expect(
      uploadProof(forbidden.client, { studentId: STUDENT, file: fileOf('card.png', 'image/png') }),
    ).rejects.toThrow(API_MESSAGES.forbidden);
  });
});

describe('recording a dose and asking for an exemption', () => {
  it('sends a new file first and names it, names a file sent before, or none', async () => {
    const { client, calls } = fakeClient();
    const dose = { cvxCode: '03', givenOn: '2026-11-20', givenAt: 'Campus pharmacy', lot: null } as const;
    await recordDose(client, {
      studentId: STUDENT,
      dose: { ...dose, proof: { kind: 'new', file: fileOf('card.jpg', 'image/jpeg') } },
    });
    await recordDose(client, {
      studentId: STUDENT,
      dose: { ...dose, proof: { kind: 'existing', documentId: 'doc-9' } },
    });
    await recordDose(client, { studentId: STUDENT, dose: { ...dose, proof: { kind: 'none' } } });
    const doses = calls
      .filter(([kind, name]) => kind === 'rpc' && name === 'record_immunization_dose')
      .map(([, , args]) => args);
    expect(doses).toEqual([
      { cvx_code: '03', given_on: '2026-11-20', given_at: 'Campus pharmacy', lot: undefined, document_id: 'doc-1' },
      { cvx_code: '03', given_on: '2026-11-20', given_at: 'Campus pharmacy', lot: undefined, document_id: 'doc-9' },
      { cvx_code: '03', given_on: '2026-11-20', given_at: 'Campus pharmacy', lot: undefined, document_id: undefined },
    ]);
    expect(calls.filter(([kind]) => kind === 'upload')).toHaveLength(1);
  });

  it('asks for an exemption with its document', async () => {
    const { client, calls } = fakeClient();
    await requestExemption(client, {
      studentId: STUDENT,
      exemption: {
        requirementId: 'r1',
        kind: 'medical',
        reason: 'Allergic to a component',
        proof: { kind: 'existing', documentId: 'doc-2' },
      },
    });
    expect(calls).toEqual([
      [
        'rpc',
        'request_immunization_exemption',
        { requirement_id: 'r1', kind: 'medical', reason: 'Allergic to a component', document_id: 'doc-2' },
      ],
    ]);
  });

  it('passes on the database’s refusal in its own words', async () => {
    const { client } = fakeClient({
      rpc: () => ({
        data: null,
        error: { code: 'P0001', message: 'Give the day the dose was given: today or earlier' },
      }),
    });
    await expect(
      recordDose(client, {
        studentId: STUDENT,
        dose: { cvxCode: '03', givenOn: '2030-01-01', givenAt: null, lot: null, proof: { kind: 'none' } },
      }),
    ).rejects.toThrow('Give the day the dose was given: today or earlier');
  });
});
