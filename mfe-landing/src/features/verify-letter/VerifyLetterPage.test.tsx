import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PATHS, queryClient } from '@campuscare/shared';
import { LETTER_CODE_MESSAGES } from './letterCode';
import { TOO_MANY_CHECKS_MESSAGE } from './verifyLetterApi';
import { VerifyLetterPage } from './VerifyLetterPage';

interface RpcAnswer {
  readonly data: unknown;
  readonly error: unknown;
  readonly status: number;
}

const rpc = jest.fn<Promise<RpcAnswer>, [string, { readonly code: string }]>();
jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({ rpc }),
}));

const DEMO_CODE = 'NFUD-EMAV-ERFY-CAMP-USCA-RE26';

const valid = {
  found: true,
  status: 'valid',
  student_name: 'Ada Okoro',
  university_name: 'Northfield University',
  starts_on: '2026-03-03',
  ends_on: '2026-03-05',
  issued_on: '2026-03-03',
  doctor_name: 'Dr Amelia Adams',
  revoked_on: null,
};

function answer(data: unknown, status = 200): RpcAnswer {
  return { data, error: null, status };
}

function renderPage(entry: string = PATHS.verifyLetter) {
  render(
    <MemoryRouter initialEntries={[entry]}>
      <VerifyLetterPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

async function checkCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.clear(screen.getByLabelText('Verification code'));
  if (code !== '') await user.type(screen.getByLabelText('Verification code'), code);
  await user.click(screen.getByRole('button', { name: 'Check letter' }));
}

beforeEach(() => {
  queryClient.clear();
  rpc.mockReset();
});

describe('VerifyLetterPage', () => {
  it('checks a code typed in any case with spaces, and shows a valid letter with only what the letter says', async () => {
    rpc.mockResolvedValue(answer({ ...valid, diagnosis: 'Malaria', revoke_reason: 'leaked' }));
    const user = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Verify an excuse letter' })).toBeInTheDocument();
    await checkCode(user, 'nfud emav erfy camp usca re26');

    const result = await screen.findByRole('region', { name: 'Valid letter' });
    expect(rpc).toHaveBeenCalledWith('verify_excuse_letter', { code: 'NFUDEMAVERFYCAMPUSCARE26' });
    const details = within(result)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(details).toEqual([
      'Student: Ada Okoro',
      'University: Northfield University',
      'Excused from: Tue, 3 Mar 2026',
      'Excused until: Thu, 5 Mar 2026',
      'Issued by: Dr Amelia Adams',
      'Issued on: Tue, 3 Mar 2026',
    ]);
    expect(within(result).getByText(DEMO_CODE)).toBeInTheDocument();
    // Whatever else the server might send is never shown.
    expect(screen.queryByText(/Malaria|leaked/)).not.toBeInTheDocument();
  });

  it('says clearly that a revoked letter is not valid, and when it was revoked', async () => {
    rpc.mockResolvedValue(answer({ ...valid, status: 'revoked', revoked_on: '2026-03-04' }));
    const user = renderPage();
    await checkCode(user, DEMO_CODE);
    const result = await screen.findByRole('region', { name: 'Revoked letter: not valid' });
    expect(
      within(result).getByText(
        'The clinic revoked this excuse letter on Wed, 4 Mar 2026. It no longer excuses the student.',
      ),
    ).toBeInTheDocument();
    expect(within(result).getByText('Revoked on')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Valid letter' })).not.toBeInTheDocument();
  });

  it('says plainly when no letter has the code, with a hint when it cannot be one', async () => {
    rpc.mockResolvedValue(answer({ found: false }));
    const user = renderPage();
    await checkCode(user, 'NFUD-EMAV-ERFY-CAMP-USCA-RE27');
    const result = await screen.findByRole('region', { name: 'No letter found' });
    expect(result).toHaveTextContent('No excuse letter has the code NFUD-EMAV-ERFY-CAMP-USCA-RE27.');
    expect(screen.queryByRole('term')).not.toBeInTheDocument();

    await checkCode(user, 'NFUD-EMAV-ERFY');
    expect(await screen.findByRole('region', { name: 'No letter found' })).toHaveTextContent(
      'A code has 24 letters and digits; the one entered has 12.',
    );
  });

  it('refuses an empty or too long code in the form without asking the server', async () => {
    const user = renderPage();
    await checkCode(user, '');
    expect(screen.getByText(LETTER_CODE_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    await checkCode(user, 'A'.repeat(65));
    expect(screen.getByText(LETTER_CODE_MESSAGES.tooLong)).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('asks to wait when the gateway limits the checks of the network', async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'Too Many Requests' }, status: 429 });
    const user = renderPage();
    await checkCode(user, DEMO_CODE);
    expect(await screen.findByRole('alert')).toHaveTextContent(TOO_MANY_CHECKS_MESSAGE);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('fills in and checks the code of a link once', async () => {
    rpc.mockResolvedValue(answer(valid));
    renderPage(`${PATHS.verifyLetter}?code=${DEMO_CODE}`);
    expect(await screen.findByRole('region', { name: 'Valid letter' })).toBeInTheDocument();
    expect(screen.getByLabelText('Verification code')).toHaveValue(DEMO_CODE);
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it('only fills in a link’s code that cannot be sent', () => {
    renderPage(`${PATHS.verifyLetter}?code=${'A'.repeat(70)}`);
    expect(screen.getByLabelText('Verification code')).toHaveValue('A'.repeat(70));
    expect(rpc).not.toHaveBeenCalled();
  });
});
