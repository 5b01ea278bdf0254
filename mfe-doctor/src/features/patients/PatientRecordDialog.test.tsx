import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_MESSAGES } from '@campuscare/shared';
import { loadClinic } from '../../../../shared/src/scheduling/schedulingApi';
import { appointmentFixture, clinic } from '../../../../test/web/appointmentsTestData';
import { PatientRecordDialog } from './PatientRecordDialog';
import { loadPatientRecord, type PatientRecord } from './patientRecordApi';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('./patientRecordApi', () => ({ ...jest.requireActual('./patientRecordApi'), loadPatientRecord: jest.fn() }));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
}));
const load = jest.mocked(loadPatientRecord);

const record: PatientRecord = {
  patient: {
    id: 's1',
    first_name: 'Rosa',
    last_name: 'Garcia',
    email: 'rosa@northfield.edu',
    phone: null,
    reg_number: 'NFU/2024/018',
    department: 'Law',
    year_of_study: 3,
    avatar_path: null,
  },
  healthProfile: {
    genotype: 'AS',
    blood_group: 'O+',
    disabled: false,
    allergies: null,
    bmi: 22.5,
  } as PatientRecord['healthProfile'],
  history: [{ ...appointmentFixture({ reason: 'Vaccination', status: 'completed' }), provider: null }],
  historyTotal: 1,
  noShows: 2,
};

beforeEach(() => {
  load.mockReset();
  jest.mocked(loadClinic).mockResolvedValue(clinic);
});

describe('PatientRecordDialog', () => {
  it("shows the student's details, health profile and history once the record is read", async () => {
    load.mockResolvedValue(record);
    render(<PatientRecordDialog studentId="s1" name="Rosa Garcia" onClose={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Patient: Rosa Garcia' });
    expect(await within(dialog).findByText('NFU/2024/018')).toBeInTheDocument();
    expect(within(dialog).getByText('AS')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Not given')).toHaveLength(2);
    // The front desk's count of missed visits, beside the contact details.
    expect(within(dialog).getByText('Missed visits').nextElementSibling).toHaveTextContent('2 no-shows');
    const history = within(dialog).getByRole('table', { name: 'Appointment history' });
    expect(history).toHaveTextContent('Vaccination');
    // On the clinic's clock, its zone named: 14:00 UTC is 09:00 in New York.
    expect(within(history).getByRole('columnheader', { name: 'Date/time (America/New_York)' })).toBeInTheDocument();
    expect(within(history).getByRole('cell', { name: 'Thu, 26 Nov 2026, 09:00' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith({}, 's1');
  });

  it('says in words for people when the record cannot be read, and reads it again on Try again', async () => {
    load.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(record);
    render(<PatientRecordDialog studentId="s1" name="Rosa Garcia" onClose={jest.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('NFU/2024/018')).toBeInTheDocument();
  });
});
