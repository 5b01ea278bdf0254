import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, queryClient, type Prescription, useApiQuery } from '@campuscare/shared';
import { openedVisitFixture } from '../../test/clinicalTestData';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import {
  ACKNOWLEDGEMENT_REQUIRED,
  ALLERGY_ACKNOWLEDGEMENT_REQUIRED,
  isAllergyRefusal,
  PrescriptionsEditor,
} from './PrescriptionsSection';
import { addPrescription } from './visitApi';
import { visitQuery } from './visitQueries';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
}));
jest.mock('./visitApi', () => ({ ...jest.requireActual('./visitApi'), addPrescription: jest.fn() }));

const add = jest.mocked(addPrescription);
const REFUSAL =
  "Amoxicillin-penicillin matches the student's recorded allergy to penicillin. To prescribe it anyway, say why in the allergy acknowledgement";
/** The database's allergy refusal: its message for people, and the marker the page tests. */
const allergyRefusal = () => new ApiError(REFUSAL, { code: 'P0001', hint: ALLERGY_ACKNOWLEDGEMENT_REQUIRED });

function stored(columns: Parameters<typeof addPrescription>[1]['prescription']): Prescription {
  return {
    id: 'prescription-1',
    visit_id: 'visit-1',
    university_id: 'u1',
    student_id: 'student-1',
    drug: columns.drug,
    strength: columns.strength ?? null,
    dose: columns.dose ?? null,
    route: columns.route ?? null,
    frequency: columns.frequency ?? null,
    duration: columns.duration ?? null,
    quantity: columns.quantity ?? null,
    instructions: columns.instructions ?? null,
    allergy_acknowledgement: columns.allergy_acknowledgement ?? null,
    created_at: '2026-11-24T14:20:00Z',
    updated_at: '2026-11-24T14:20:00Z',
  };
}

function PrescriptionsOfDraft() {
  // The page's own query: the visit it holds is never read again.
  const opened = useApiQuery(visitQuery('visit-1'));
  return opened.data ? <PrescriptionsEditor visit={opened.data.visit} /> : null;
}

function renderDraft() {
  queryClient.setQueryData(visitQuery('visit-1').queryKey, openedVisitFixture());
  render(<PrescriptionsOfDraft />);
  return userEvent.setup();
}

beforeEach(() => {
  add.mockReset();
  jest.mocked(notifySuccess).mockReset();
});

afterEach(() => queryClient.clear());

describe('prescribing', () => {
  it('adds a prescription with its details, leaving out what was not filled in', async () => {
    add.mockImplementation(async (_client, input) => stored(input.prescription));
    const user = renderDraft();
    expect(screen.getByText('No prescriptions.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Drug'), ' Paracetamol ');
    await user.type(screen.getByLabelText('Strength'), '500 mg');
    await user.type(screen.getByLabelText('Frequency'), 'every 6 hours');
    await user.click(screen.getByRole('button', { name: 'Add prescription' }));

    const list = await screen.findByRole('list', { name: 'Prescriptions' });
    expect(list).toHaveTextContent('Paracetamol');
    expect(list).toHaveTextContent('500 mg · every 6 hours');
    expect(add).toHaveBeenCalledWith(
      {},
      {
        visitId: 'visit-1',
        prescription: {
          drug: 'Paracetamol',
          strength: '500 mg',
          dose: null,
          route: null,
          frequency: 'every 6 hours',
          duration: null,
          quantity: null,
          instructions: null,
          allergy_acknowledgement: null,
        },
      },
    );
    expect(notifySuccess).toHaveBeenCalledWith('Prescription added');
    await waitFor(() => expect(screen.getByLabelText('Drug')).toHaveValue(''));
  });

  it("shows the database's allergy refusal, asks for an acknowledgement and sends it, then shows it on the prescription", async () => {
    add
      .mockRejectedValueOnce(allergyRefusal())
      .mockImplementation(async (_client, input) => stored(input.prescription));
    const user = renderDraft();
    await user.type(screen.getByLabelText('Drug'), 'Amoxicillin-penicillin');
    await user.type(screen.getByLabelText('Dose'), '500 mg');
    await user.click(screen.getByRole('button', { name: 'Add prescription' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(screen.getByLabelText('Drug')).toHaveAccessibleDescription(REFUSAL);
    const acknowledgement = screen.getByLabelText('Allergy acknowledgement');
    // Nothing typed is lost.
    expect(screen.getByLabelText('Dose')).toHaveValue('500 mg');

    await user.click(screen.getByRole('button', { name: 'Prescribe anyway' }));
    expect(acknowledgement).toHaveAccessibleDescription(expect.stringContaining(ACKNOWLEDGEMENT_REQUIRED));
    expect(add).toHaveBeenCalledTimes(1);

    await user.type(acknowledgement, 'Tolerated amoxicillin in 2025; rash only');
    await user.click(screen.getByRole('button', { name: 'Prescribe anyway' }));
    const list = await screen.findByRole('list', { name: 'Prescriptions' });
    expect(within(list).getByText('Allergy acknowledged:').parentElement).toHaveTextContent(
      'Allergy acknowledged: Tolerated amoxicillin in 2025; rash only',
    );
    expect(add).toHaveBeenLastCalledWith(
      {},
      {
        visitId: 'visit-1',
        prescription: expect.objectContaining({
          drug: 'Amoxicillin-penicillin',
          dose: '500 mg',
          allergy_acknowledgement: 'Tolerated amoxicillin in 2025; rash only',
        }),
      },
    );
    expect(screen.queryByLabelText('Allergy acknowledgement')).not.toBeInTheDocument();
  });

  it('asks again for another drug, and lets the doctor not prescribe it', async () => {
    add.mockRejectedValue(allergyRefusal());
    const user = renderDraft();
    await user.type(screen.getByLabelText('Drug'), 'Amoxicillin-penicillin');
    await user.click(screen.getByRole('button', { name: 'Add prescription' }));
    await screen.findByLabelText('Allergy acknowledgement');
    await user.type(screen.getByLabelText('Drug'), 'X');
    expect(screen.queryByLabelText('Allergy acknowledgement')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add prescription' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add prescription' }));
    await screen.findByLabelText('Allergy acknowledgement');
    await user.click(screen.getByRole('button', { name: 'Don’t prescribe it' }));
    expect(screen.getByLabelText('Drug')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('knows the allergy refusal by its marker, not by its words', () => {
    expect(isAllergyRefusal(allergyRefusal())).toBe(true);
    expect(isAllergyRefusal(new ApiError(REFUSAL, { code: 'P0001' }))).toBe(false);
    expect(
      isAllergyRefusal(
        new ApiError('Something else went wrong', { code: 'P0001', hint: ALLERGY_ACKNOWLEDGEMENT_REQUIRED }),
      ),
    ).toBe(true);
    expect(isAllergyRefusal(new ApiError(REFUSAL, { code: '23514', hint: ALLERGY_ACKNOWLEDGEMENT_REQUIRED }))).toBe(
      false,
    );
  });

  it('shows a refusal without the marker above the form, whatever its words', async () => {
    add.mockRejectedValue(new ApiError(REFUSAL, { code: 'P0001' }));
    const user = renderDraft();
    await user.type(screen.getByLabelText('Drug'), 'Amoxicillin-penicillin');
    await user.click(screen.getByRole('button', { name: 'Add prescription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUSAL);
    expect(screen.queryByLabelText('Allergy acknowledgement')).not.toBeInTheDocument();
  });

  it('shows any other refusal above the form', async () => {
    add.mockRejectedValue(
      new ApiError('This visit is signed and can no longer change. Add an addendum to correct or complete it', {
        code: 'P0001',
      }),
    );
    const user = renderDraft();
    await user.type(screen.getByLabelText('Drug'), 'Ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Add prescription' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This visit is signed and can no longer change');
    expect(screen.queryByLabelText('Allergy acknowledgement')).not.toBeInTheDocument();
  });
});
