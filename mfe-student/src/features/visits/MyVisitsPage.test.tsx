import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { API_MESSAGES, ApiError, queryClient } from '@campuscare/shared';
import { clinic } from '../../../../test/web/appointmentsTestData';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { MyVisitsPage } from './MyVisitsPage';
import { loadMyVisits } from './visitsApi';
import { checkUp, LETTER_CODE, letterFixture, myVisits, visitFixture } from '../../test/visitsTestData';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));
jest.mock('./visitsApi', () => ({ ...jest.requireActual('./visitsApi'), loadMyVisits: jest.fn() }));
const load = jest.mocked(loadMyVisits);

/** Everything of the visit that is clinical: none of it may appear on the letter. */
const CLINICAL_WORDS =
  /malaria|plasmodium|B50|fever|chills|artemether|lumefantrine|tablets|febrile|review in 3 days|blood film|38\.9/i;

let print: jest.SpyInstance;

beforeEach(() => {
  queryClient.clear();
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  load.mockReset().mockResolvedValue(myVisits);
  print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
});

afterEach(() => {
  print.mockRestore();
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/studentvisits']}>
      <MyVisitsPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

function printRoot(): HTMLElement | null {
  return document.body.querySelector<HTMLElement>(':scope > .printRoot');
}

function finishPrinting() {
  act(() => {
    window.dispatchEvent(new Event('afterprint'));
  });
}

describe('MyVisitsPage', () => {
  it('lists the signed visits newest first, each with its summary on the clinic’s clock', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'My visits' })).toBeInTheDocument();
    const visits = await screen.findAllByRole('article');
    expect(visits.map((visit) => within(visit).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Visit on Tue, 3 Mar 2026, 09:00 (America/New_York)',
      'Visit on Tue, 10 Feb 2026, 10:00 (America/New_York)',
    ]);
    expect(within(visits[0]).getByText('With Dr Amelia Adams · Booked visit · Reason: Malaria')).toBeInTheDocument();
    expect(within(visits[1]).getByText('With Dr Amelia Adams · Walk-in visit · Reason: Check-up')).toBeInTheDocument();
  });

  it('shows the after-visit summary: diagnosis in plain words, plan, medicines with how to take them, measurements, letter, note and addendum', async () => {
    renderPage();
    const [visit] = await screen.findAllByRole('article');

    const diagnosis = within(visit).getByRole('region', { name: 'Diagnosis' });
    expect(diagnosis).toHaveTextContent('Malaria, uncomplicated');
    expect(diagnosis).toHaveTextContent('Medical term: Plasmodium falciparum malaria, unspecified · ICD-10 code B50.9');

    const plan = within(visit).getByRole('region', { name: 'Your plan and follow-up' });
    expect(within(plan).getByText('Follow-up').nextElementSibling).toHaveTextContent(
      'Review in 3 days, or at once if vomiting, confused or drowsy.',
    );

    const medicines = within(visit).getByRole('region', { name: 'Medicines' });
    expect(within(medicines).getByText('Artemether/lumefantrine')).toBeInTheDocument();
    const details = within(medicines)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(details).toEqual([
      'Strength: 20 mg/120 mg',
      'Dose: 4 tablets',
      'How to take it: By mouth (oral)',
      'How often: twice a day',
      'For how long: 3 days',
      'Quantity: 24 tablets',
      'Instructions: Take with food or milk.',
    ]);

    const measurements = within(visit).getByRole('table', { name: 'Measurements taken' });
    const rows = within(measurements)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Temperature', '38.9 °C', 'Higher than the usual range: a raised temperature (fever).'],
      ['Blood pressure', '112/70 mmHg', 'Within the usual range'],
      [
        'Pulse',
        '108 beats a minute',
        'Faster than the usual resting range. A fever, stress or hurrying to the clinic can do this.',
      ],
      ['Breathing rate', '20 breaths a minute', 'Within the usual range'],
      ['Oxygen level (SpO₂)', '97 %', 'Within the usual range'],
      ['Weight', '58.5 kg', 'Within the usual range'],
      ['Height', '165 cm', 'Within the usual range'],
      ['Body mass index (BMI)', '21.5 kg/m²', 'Within the usual range'],
    ]);
    expect(within(visit).getByText(/a single reading is often nothing to worry about/)).toBeInTheDocument();

    const letters = within(visit).getByRole('region', { name: 'Excuse letter' });
    expect(letters).toHaveTextContent('Excused from Tue, 3 Mar 2026 to Thu, 5 Mar 2026 Valid');
    expect(letters).toHaveTextContent('Issued on Tue, 3 Mar 2026 by Dr Amelia Adams');

    const note = within(visit).getByRole('region', { name: 'The doctor’s note' });
    expect(note).toHaveTextContent(
      'The note Dr Amelia Adams wrote and signed on Tue, 3 Mar 2026, 09:25 (America/New_York).',
    );
    expect(
      within(note)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Main concern', 'What you told the doctor', 'What the doctor found', 'The doctor’s assessment', 'Plan']);
    expect(within(note).getByText('Added after signing')).toBeInTheDocument();
    expect(within(note).getByText('Dr Amelia Adams, Wed, 4 Mar 2026, 10:00 (America/New_York)')).toBeInTheDocument();
    expect(
      within(note).getByText('Blood film reported the next day: Plasmodium falciparum confirmed.'),
    ).toBeInTheDocument();
  });

  it('says what is missing from a visit instead of leaving gaps, and shows a code without a title as the code', async () => {
    load.mockResolvedValue({ ...myVisits, visits: [checkUp] });
    renderPage();
    const [visit] = await screen.findAllByRole('article');
    expect(within(visit).getByRole('region', { name: 'Diagnosis' })).toHaveTextContent(
      'General medical examination: fit for sportICD-10 code Z02.5',
    );
    expect(within(visit).getByText('No medicines were prescribed at this visit.')).toBeInTheDocument();
    expect(within(visit).getByText('No measurements were recorded.')).toBeInTheDocument();
    expect(within(visit).queryByRole('region', { name: /Excuse letter/ })).not.toBeInTheDocument();
  });

  it('shows the letter with who, when and the code to check it by, and nothing clinical; prints only the letter', async () => {
    const user = renderPage();
    const [visit] = await screen.findAllByRole('article');
    await user.click(within(visit).getByRole('button', { name: 'View letter for Tue, 3 Mar 2026 to Thu, 5 Mar 2026' }));

    const dialog = screen.getByRole('dialog', { name: 'Excuse letter' });
    const letter = within(dialog).getByRole('article', { name: 'Excuse letter for Tue, 3 Mar 2026' });
    expect(letter).toHaveTextContent('Northfield University');
    expect(letter).toHaveTextContent('To whom it may concern,');
    expect(letter).toHaveTextContent(
      'This is to confirm that Ada Okoro, registration number NFU/2024/006, was seen at the clinic of Northfield University on Tue, 3 Mar 2026.',
    );
    expect(letter).toHaveTextContent(
      'Ada Okoro is excused from Tue, 3 Mar 2026 to Thu, 5 Mar 2026 inclusive (3 days).',
    );
    expect(letter).toHaveTextContent('Dr Amelia Adams');
    expect(letter).toHaveTextContent('Issued on Tue, 3 Mar 2026');
    expect(letter).toHaveTextContent(`Verification code: ${LETTER_CODE}`);
    expect(letter).toHaveTextContent(`Check this letter at ${window.location.origin}/verify-letter`);
    expect(letter.textContent).not.toMatch(CLINICAL_WORDS);

    await user.click(within(dialog).getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
    const printed = printRoot();
    expect(printed).not.toBeNull();
    expect(
      within(printed as HTMLElement).getByRole('article', { name: 'Excuse letter for Tue, 3 Mar 2026' }),
    ).toBeInTheDocument();
    expect(printed?.textContent).not.toMatch(CLINICAL_WORDS);
    expect(document.body).toHaveClass('printing');
    expect(document.title).toBe('Excuse letter – Ada Okoro – Tue, 3 Mar 2026');

    finishPrinting();
    expect(printRoot()).toBeNull();
    expect(document.body).not.toHaveClass('printing');
  });

  it('shows a revoked letter as revoked, and offers no way to print it', async () => {
    load.mockResolvedValue({
      ...myVisits,
      visits: [
        visitFixture({
          excuse_letters: [
            letterFixture({
              status: 'revoked',
              revoked_at: '2026-03-04T16:00:00+00:00',
              revoked_by: 'doctor-2',
              revoked_by_name: 'Dr Bello',
              revoke_reason: 'Issued in error',
            }),
          ],
        }),
      ],
    });
    const user = renderPage();
    const [visit] = await screen.findAllByRole('article');
    expect(within(visit).getByRole('region', { name: 'Excuse letter' })).toHaveTextContent(
      'Revoked on Wed, 4 Mar 2026',
    );
    await user.click(within(visit).getByRole('button', { name: /^View letter/ }));
    const dialog = screen.getByRole('dialog', { name: 'Excuse letter' });
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'The clinic revoked this letter, so it cannot be printed or handed in.',
    );
    expect(within(dialog).getByText('Revoked on Wed, 4 Mar 2026: this letter is no longer valid.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Print or save as PDF' })).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Issued in error');
  });

  it('prints one visit’s summary on its own, saying whose it is', async () => {
    const user = renderPage();
    await screen.findAllByRole('article');
    await user.click(
      screen.getByRole('button', { name: 'Print summary of the visit on Tue, 10 Feb 2026, 10:00 (America/New_York)' }),
    );
    expect(print).toHaveBeenCalledTimes(1);
    const printed = printRoot() as HTMLElement;
    expect(within(printed).getByText('After-visit summary for Ada Okoro, Northfield University')).toBeInTheDocument();
    expect(within(printed).getByRole('heading', { level: 2 })).toHaveTextContent(
      'Visit on Tue, 10 Feb 2026, 10:00 (America/New_York)',
    );
    expect(within(printed).queryByRole('button')).not.toBeInTheDocument();
    finishPrinting();
    expect(printRoot()).toBeNull();
  });

  it('says so before the first signed visit', async () => {
    load.mockResolvedValue({ ...myVisits, visits: [] });
    renderPage();
    expect(await screen.findByText('No visit summaries yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dashboard' })).toHaveAttribute('href', '/studentdashboard');
  });

  it('shows a refusal or a failure as a message with Try again', async () => {
    load.mockRejectedValueOnce(new ApiError(API_MESSAGES.unreachable, { retryable: true })).mockResolvedValue(myVisits);
    const user = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
  });
});
