import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '@campuscare/shared';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { listDoctors } from '../../../../shared/src/appointments/appointmentsApi';
import { listAppointmentTypes } from '../../../../shared/src/appointments/appointmentTypesApi';
import { adams, APPOINTMENT_TYPES } from '../../../../test/web/appointmentsTestData';
import { AppointmentTypesSection } from './AppointmentTypesSection';
import { APPOINTMENT_TYPE_MESSAGES } from './appointmentTypeForm';
import { deleteAppointmentType, saveAppointmentType } from './appointmentTypesSettingsApi';

jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../../../../shared/src/appointments/appointmentsApi', () => ({
  ...jest.requireActual('../../../../shared/src/appointments/appointmentsApi'),
  listDoctors: jest.fn(),
}));
jest.mock('../../../../shared/src/appointments/appointmentTypesApi', () => ({
  ...jest.requireActual('../../../../shared/src/appointments/appointmentTypesApi'),
  listAppointmentTypes: jest.fn(),
}));
jest.mock('./appointmentTypesSettingsApi', () => ({
  ...jest.requireActual('./appointmentTypesSettingsApi'),
  saveAppointmentType: jest.fn(),
  deleteAppointmentType: jest.fn(),
}));

const bello = { id: 'doctor-2', title: 'Dr', first_name: 'Tunde', last_name: 'Bello' };

beforeEach(() => {
  jest
    .mocked(listAppointmentTypes)
    .mockResolvedValue([
      APPOINTMENT_TYPES.checkUp,
      APPOINTMENT_TYPES.counselling,
      APPOINTMENT_TYPES.vaccination,
      APPOINTMENT_TYPES.other,
    ]);
  jest.mocked(listDoctors).mockResolvedValue([adams, bello]);
  jest.mocked(saveAppointmentType).mockReset().mockResolvedValue(undefined);
  jest.mocked(deleteAppointmentType).mockReset().mockResolvedValue(undefined);
  jest.mocked(notifySuccess).mockReset();
});

afterEach(() => queryClient.clear());

function rowOf(table: HTMLElement, name: string): string {
  const row = within(table).getByRole('cell', { name }).closest('tr');
  return Array.from(row?.querySelectorAll('td') ?? [])
    .slice(0, 4)
    .map((cell) => cell.textContent)
    .join(' | ');
}

describe('AppointmentTypesSection', () => {
  it('lists the types: how long, whether students book them, who offers them', async () => {
    render(<AppointmentTypesSection slotMinutes={30} canEdit />);
    const table = await screen.findByRole('table', { name: 'Types of visit' });
    await waitFor(() =>
      expect(rowOf(table, 'Counselling')).toBe('Counselling | 50 min | No: staff book it | Dr Amelia Adams'),
    );
    expect(rowOf(table, 'Vaccination')).toBe('Vaccination | 15 min | Yes | Every doctor');
  });

  it('adds a type offered by the doctors chosen, not booked by students', async () => {
    const user = userEvent.setup();
    render(<AppointmentTypesSection slotMinutes={30} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Add a type of visit' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a type of visit' });
    expect(within(dialog).getByLabelText('Length in minutes')).toHaveValue(30);
    await user.type(within(dialog).getByLabelText('Name'), 'Counselling');
    await user.clear(within(dialog).getByLabelText('Length in minutes'));
    await user.type(within(dialog).getByLabelText('Length in minutes'), '50');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Students may book it themselves' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Only the doctors chosen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add the type' }));
    expect(within(dialog).getByText(APPOINTMENT_TYPE_MESSAGES.chooseDoctors)).toBeInTheDocument();
    expect(saveAppointmentType).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Dr Tunde Bello' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add the type' }));
    await waitFor(() =>
      expect(saveAppointmentType).toHaveBeenCalledWith(
        {},
        {
          id: null,
          fields: { name: 'Counselling', duration_minutes: 50, self_bookable: false },
          doctorIds: [bello.id],
          previousDoctorIds: [],
        },
      ),
    );
    expect(notifySuccess).toHaveBeenCalledWith(APPOINTMENT_TYPE_MESSAGES.created);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a type as stored, and deletes one saying that booked visits keep their reason and length', async () => {
    const user = userEvent.setup();
    render(<AppointmentTypesSection slotMinutes={30} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Actions for Counselling' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Counselling' });
    expect(within(dialog).getByRole('radio', { name: 'Only the doctors chosen' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Dr Amelia Adams' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Every doctor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save the type' }));
    await waitFor(() =>
      expect(saveAppointmentType).toHaveBeenCalledWith(
        {},
        expect.objectContaining({ id: APPOINTMENT_TYPES.counselling.id, doctorIds: [], previousDoctorIds: [adams.id] }),
      ),
    );

    await user.click(await screen.findByRole('button', { name: 'Actions for Vaccination' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Vaccination?' });
    expect(confirm).toHaveTextContent('Visits already booked keep their reason and length.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete the type' }));
    await waitFor(() => expect(deleteAppointmentType).toHaveBeenCalledWith({}, APPOINTMENT_TYPES.vaccination.id));
    expect(notifySuccess).toHaveBeenCalledWith(APPOINTMENT_TYPE_MESSAGES.deleted);
  });

  it('is read-only for other admins', async () => {
    render(<AppointmentTypesSection slotMinutes={30} canEdit={false} />);
    await screen.findByRole('table', { name: 'Types of visit' });
    expect(screen.queryByRole('button', { name: 'Add a type of visit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for / })).not.toBeInTheDocument();
  });
});
