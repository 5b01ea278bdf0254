import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, type TestStack } from './support/stack';

/**
 * Immunization proof through the storage service, on the real migrations and the seed: what the bucket
 * `medical-documents` takes (PDF, JPEG, PNG of at most 10 MB, content checked against the declared type; HEIC refused
 * in words), that a student writes and reads their own folder only and never replaces a file, and that a doctor
 * downloads a student's document only after opening it. The seed's documents are real files on disk.
 */
const DEMO_PASSWORD = 'CampusCare2026';
const BUCKET = 'medical-documents';
const SEED_OBJECTS = join(__dirname, '..', '..', 'supabase', 'seed-objects', BUCKET);
// student02's folder (md5 of the address, as the seed makes ids) and the card in it.
const BAYO = 'd50b5173-8d50-7f00-fc59-e40893737fd4';
const CARD_PATH = `${BAYO}/vaccination-card.pdf`;
const CARD_ID = 'a1f0c3e2-0000-4000-8000-00000000d001';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
// The start of an iPhone photo: an ISO box of type ftyp with the heic brand.
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(52, 0)]);

describe('immunization documents in storage', () => {
  let stack: TestStack;
  const signedIn = new Map<string, SupabaseClient>();

  beforeAll(async () => {
    stack = await startTestStack({ deliverEmail: false });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function as(email: string): Promise<SupabaseClient> {
    const known = signedIn.get(email);
    if (known) return known;
    const client = stack.client();
    const { error } = await client.auth.signInWithPassword({ email, password: DEMO_PASSWORD });
    expect(error).toBeNull();
    signedIn.set(email, client);
    return client;
  }
  const bucketOf = async (email: string) => (await as(email)).storage.from(BUCKET);

  it("takes a student's PDF, JPEG or PNG into their own folder, which they then add as a document", async () => {
    const bayo = await bucketOf('student02@northfield.edu');
    for (const [name, bytes, contentType] of [
      ['card-2.pdf', PDF, 'application/pdf'],
      ['card-2.jpg', JPEG, 'image/jpeg'],
    ] as const) {
      const up = await bayo.upload(`${BAYO}/${name}`, bytes, { contentType });
      expect({ name, error: up.error }).toEqual({ name, error: null });
    }
    const added = await (
      await as('student02@northfield.edu')
    ).rpc('add_medical_document', { storage_object: `${BAYO}/card-2.pdf`, file_name: 'Card, page 2.pdf' });
    expect(added.error).toBeNull();
    expect(added.data).toMatchObject({
      content_type: 'application/pdf',
      size_bytes: PDF.length,
      file_name: 'Card, page 2.pdf',
    });
    const downloaded = await bayo.download(`${BAYO}/card-2.jpg`);
    expect(Buffer.from(await downloaded.data!.arrayBuffer())).toEqual(JPEG);
  });

  it('refuses other types, content that is not what it claims, HEIC in words, and files over 10 MB, storing nothing', async () => {
    const bayo = await bucketOf('student02@northfield.edu');
    const heicMessage =
      'HEIC photos cannot be accepted, as most browsers cannot show them: upload the photo as JPEG or PNG, or a PDF';
    const refusals: [string, Buffer, string, string][] = [
      ['notes.txt', Buffer.from('hello'), 'text/plain', 'mime type text/plain is not supported'],
      [
        'fake.pdf',
        Buffer.from('just text, not a PDF'),
        'application/pdf',
        'file content does not match mime type application/pdf',
      ],
      ['fake.png', JPEG, 'image/png', 'file content does not match mime type image/png'],
      ['photo.heic', HEIC, 'image/heic', heicMessage],
      ['renamed.jpg', HEIC, 'image/jpeg', heicMessage],
    ];
    for (const [name, bytes, contentType, message] of refusals) {
      const up = await bayo.upload(`${BAYO}/${name}`, bytes, { contentType });
      expect({
        name,
        error: up.error && { message: up.error.message, statusCode: (up.error as { statusCode?: string }).statusCode },
      }).toEqual({
        name,
        error: { message, statusCode: '415' },
      });
    }
    const tooBig = await bayo.upload(`${BAYO}/huge.pdf`, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), {
      contentType: 'application/pdf',
    });
    expect((tooBig.error as { statusCode?: string } | null)?.statusCode).toBe('413');
    const { rows } = await stack.adminPool.query(
      `select name from storage.objects where bucket_id = $1 and name = any($2)`,
      [BUCKET, [...refusals.map(([name]) => `${BAYO}/${name}`), `${BAYO}/huge.pdf`]],
    );
    expect(rows).toEqual([]);
  });

  it('keeps each student to their own folder, and never replaces a file', async () => {
    const classmate = await bucketOf('student03@northfield.edu');
    const intrusion = await classmate.upload(`${BAYO}/not-mine.pdf`, PDF, { contentType: 'application/pdf' });
    expect((intrusion.error as { statusCode?: string } | null)?.statusCode).toBe('403');
    const peek = await classmate.download(CARD_PATH);
    expect(peek.data).toBeNull();
    const listed = await classmate.list(BAYO);
    expect(listed.data).toEqual([]);
    const adding = await (
      await as('student03@northfield.edu')
    ).rpc('add_medical_document', { storage_object: CARD_PATH });
    expect(adding.error?.message).toBe('Upload the file first, then add it');

    const bayo = await bucketOf('student02@northfield.edu');
    const replaced = await bayo.upload(CARD_PATH, PDF, { contentType: 'application/pdf', upsert: true });
    expect((replaced.error as { statusCode?: string } | null)?.statusCode).toBe('403');
    expect((await bayo.remove([CARD_PATH])).data).toEqual([]);
    const card = await bayo.download(CARD_PATH);
    expect(Buffer.from(await card.data!.arrayBuffer())).toEqual(readFileSync(join(SEED_OBJECTS, CARD_PATH)));
  });

  it('lets a doctor of the university download a document after opening it, and nobody else', async () => {
    const doctor = await as('dr.chen@northfield.edu');
    expect((await doctor.storage.from(BUCKET).download(CARD_PATH)).data).toBeNull();
    const opened = await doctor.rpc('open_medical_document', { document_id: CARD_ID });
    expect(opened.error).toBeNull();
    expect(opened.data).toMatchObject({ bucket: BUCKET, path: CARD_PATH, content_type: 'application/pdf' });
    const file = await doctor.storage.from(BUCKET).download(CARD_PATH);
    expect(Buffer.from(await file.data!.arrayBuffer())).toEqual(readFileSync(join(SEED_OBJECTS, CARD_PATH)));
    // The preview: a short-lived URL the browser shows the PDF from.
    const signed = await doctor.storage.from(BUCKET).createSignedUrl(CARD_PATH, 60);
    expect(signed.error).toBeNull();
    const preview = await fetch(signed.data!.signedUrl);
    expect({ status: preview.status, type: preview.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'application/pdf',
    });

    for (const email of ['registrar@northfield.edu', 'admin@northfield.edu', 'dr.chen@southbank.edu']) {
      const other = await as(email);
      expect({ email, data: (await other.storage.from(BUCKET).download(CARD_PATH)).data }).toEqual({
        email,
        data: null,
      });
      expect({
        email,
        opened: (await other.rpc('open_medical_document', { document_id: CARD_ID })).error?.message,
      }).toEqual({
        email,
        opened: email.endsWith('southbank.edu')
          ? 'Document not found'
          : "Only doctors of the student's university can open immunization documents",
      });
    }
    const anonymous = await stack.client().storage.from(BUCKET).download(CARD_PATH);
    expect(anonymous.data).toBeNull();
  });
});
