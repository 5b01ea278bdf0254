import { type CampusCareClient, unwrap } from '@campuscare/shared';
import type { ExcuseLetterEntry } from '@campuscare/shared/clinical';

/** What issue_excuse_letter returns, the only time the code is ever given: the letter, its code and the checking address. */
export type IssuedLetter = ExcuseLetterEntry & { readonly verification_url: string };

interface LetterRequest {
  readonly visitId: string;
  /** 'YYYY-MM-DD', both days included. */
  readonly startsOn: string;
  readonly endsOn: string;
}

export async function issueExcuseLetter(client: CampusCareClient, request: LetterRequest): Promise<IssuedLetter> {
  const issued = unwrap(
    await client.rpc('issue_excuse_letter', {
      visit_id: request.visitId,
      starts_on: request.startsOn,
      ends_on: request.endsOn,
    }),
  );
  return issued as unknown as IssuedLetter;
}

interface LetterRevocation {
  readonly letterId: string;
  readonly reason: string;
}

/** Marks a letter revoked (it is kept, and the public check says so); any doctor of the university may. */
export async function revokeExcuseLetter(
  client: CampusCareClient,
  revocation: LetterRevocation,
): Promise<ExcuseLetterEntry> {
  const revoked = unwrap(
    await client.rpc('revoke_excuse_letter', { letter_id: revocation.letterId, reason: revocation.reason }),
  );
  return revoked as unknown as ExcuseLetterEntry;
}
