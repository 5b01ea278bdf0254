import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ApiError, type Member, queryClient } from '@campuscare/shared';
import type { Clinic } from '@campuscare/shared/scheduling';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { ClinicSettingsPage } from './ClinicSettingsPage';
import { listVisitsAffectedBy } from '../../../../shared/src/appointments/visitsNeedingActionApi';
import { addDays, dayInZone } from '@campuscare/shared/scheduling';
import { adams, appointmentFixture } from '../../../../test/web/appointmentsTestData';
import {
  addClosure,
  removeClosure,
  saveBookingRules,
  saveClinicContact,
  saveClinicHours,
  saveStaffIdleMinutes,
} from './clinicSettingsApi';

let member: Member;

// The data layer inside shared reaches the client and the toasts through its own modules.
jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  useUserProfile: () => ({ status: 'signedIn', member }),
}));
jest.mock('@campuscare/shared/scheduling', () => ({
  ...jest.requireActual('@campuscare/shared/scheduling'),
  useClinic: () =>
    ({ data: clinic, isError: false, error: null, refetch: jest.fn() }) as unknown as UseQueryResult<Clinic, ApiError>,
}));
// Which booked visits a change affects, asked before it is saved.
jest.mock('../../../../shared/src/appointments/visitsNeedingActionApi', () => ({
  ...jest.requireActual('../../../../shared/src/appointments/visitsNeedingActionApi'),
  listVisitsAffectedBy: jest.fn(),
}));
jest.mock('./clinicSettingsApi', () => ({
  ...jest.requireActual('./clinicSettingsApi'),
  saveBookingRules: jest.fn(),
  saveClinicHours: jest.fn(),
  addClosure: jest.fn(),
  removeClosure: jest.fn(),
  saveStaffIdleMinutes: jest.fn(),
  saveClinicContact: jest.fn(),
}));

const clinic: Clinic = {
  settings: {
    university_id: 'u1',
    timezone: 'America/New_York',
    slot_minutes: 30,
    min_notice_minutes: 120,
    student_change_cutoff_minutes: 720,
    staff_idle_minutes: 15,
    student_upcoming_limit: 3,
    student_daily_booking_limit: 3,
    booking_grace_minutes: 15,
    phone: null,
    email: null,
    address: null,
    updated_at: '2026-01-01T00:00:00Z',
  },
  hours: [1, 2, 3, 4, 5].map((weekday) => ({
    university_id: 'u1',
    weekday,
    opens_at: '08:00:00',
    closes_at: '17:00:00',
  })),
  closures: [
    {
      id: 'c1',
      university_id: 'u1',
      starts_on: '2030-12-25',
      ends_on: '2030-12-26',
      reason: 'Holidays',
      created_at: '2026-01-01T00:00:00Z',
    },
  ],
};
const superAdmin = { id: 'm1', role: 'admin', is_super_admin: true, university_id: 'u1' } as Member;

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/clinicpage']}>
      <ClinicSettingsPage />
    </MemoryRouter>,
  );
}

const invalidated = () => jest.mocked(queryClient.invalidateQueries).mock.calls.map(([filters]) => filters?.queryKey);

beforeEach(() => {
  member = superAdmin;
  for (const mock of [
    saveBookingRules,
    saveClinicHours,
    addClosure,
    removeClosure,
    saveStaffIdleMinutes,
    saveClinicContact,
  ])
    jest.mocked(mock).mockReset();
  jest.mocked(listVisitsAffectedBy).mockReset().mockResolvedValue({ rows: [], total: 0 });
  jest.mocked(notifySuccess).mockReset();
  jest.spyOn(queryClient, 'invalidateQueries');
});
afterEach(() => jest.restoreAllMocks());

describe('ClinicSettingsPage', () => {
  it('saves the opening hours a super admin changed, toasting only after the save', async () => {
    jest.mocked(saveClinicHours).mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Opening hours' });
    await user.click(within(form).getByRole('checkbox', { name: 'Open on Saturday' }));
    await user.clear(within(form).getByLabelText('Saturday until'));
    await user.type(within(form).getByLabelText('Saturday until'), '12:00');
    await user.click(within(form).getByRole('checkbox', { name: 'Open on Friday' }));
    await user.click(within(form).getByRole('button', { name: 'Save opening hours' }));

    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Opening hours saved'));
    const { universityId, week } = jest.mocked(saveClinicHours).mock.calls[0][1];
    expect(universityId).toBe('u1');
    expect(week.filter((day) => day.open).map((day) => [day.weekday, day.opensAt, day.closesAt])).toEqual([
      [1, '08:00', '17:00'],
      [2, '08:00', '17:00'],
      [3, '08:00', '17:00'],
      [4, '08:00', '17:00'],
      [6, '09:00', '12:00'],
    ]);
    // The clinic reloads everywhere, and so do the free slots students are offered.
    await waitFor(() => expect(invalidated()).toEqual([['clinic'], ['slots']]));
  });

  it("shows the server's refusal in words for people and no success toast", async () => {
    jest.mocked(saveClinicHours).mockRejectedValue({
      code: '42501',
      message: 'new row violates row-level security policy for table "clinic_hours"',
    });
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Opening hours' });
    await user.click(within(form).getByRole('button', { name: 'Save opening hours' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You are not allowed to do that.');
    expect(notifySuccess).not.toHaveBeenCalled();
    expect(invalidated()).toEqual([]);
  });

  it('checks the booking rules against the database ranges, then saves them as numbers; a refused rule shows on its field', async () => {
    jest.mocked(saveBookingRules).mockRejectedValueOnce({
      code: '23514',
      message: 'new row for relation "clinic_settings" violates check constraint "clinic_settings_notice_range"',
    });
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Booking rules' });
    expect(within(form).getByLabelText('Time zone')).toHaveValue('America/New_York');
    expect(within(form).getByLabelText('Minimum notice (minutes)')).toHaveAccessibleDescription(
      'Students book at least 2 hours ahead',
    );
    await user.clear(within(form).getByLabelText('Slot length (minutes)'));
    await user.type(within(form).getByLabelText('Slot length (minutes)'), '5');
    await user.click(within(form).getByRole('button', { name: 'Save booking rules' }));
    expect(within(form).getByText('Slots last between 10 and 240 minutes')).toBeInTheDocument();
    expect(saveBookingRules).not.toHaveBeenCalled();

    await user.clear(within(form).getByLabelText('Slot length (minutes)'));
    await user.type(within(form).getByLabelText('Slot length (minutes)'), '20');
    await user.selectOptions(within(form).getByLabelText('Time zone'), 'Europe/London');
    await user.click(within(form).getByRole('button', { name: 'Save booking rules' }));
    expect(await within(form).findByText('The minimum notice is between 0 minutes and 14 days')).toBeInTheDocument();
    expect(within(form).getByLabelText('Minimum notice (minutes)')).toHaveAccessibleDescription(
      /The minimum notice is between 0 minutes and 14 days/,
    );
    expect(saveBookingRules).toHaveBeenCalledWith(
      {},
      {
        universityId: 'u1',
        rules: {
          timezone: 'Europe/London',
          slotMinutes: 20,
          minNoticeMinutes: 120,
          studentChangeCutoffMinutes: 720,
          bookingGraceMinutes: 15,
          studentUpcomingLimit: 3,
          studentDailyBookingLimit: 3,
        },
      },
    );
  });

  it('keeps how much one student may book within 1 to 20 and saves it with the booking rules', async () => {
    jest.mocked(saveBookingRules).mockResolvedValue(clinic.settings);
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Booking rules' });
    const upcoming = within(form).getByLabelText('Upcoming visits per student');
    const daily = within(form).getByLabelText('Bookings per student per day');
    expect([upcoming, daily].map((field) => (field as HTMLInputElement).value)).toEqual(['3', '3']);
    await user.clear(upcoming);
    await user.type(upcoming, '0');
    await user.clear(daily);
    await user.type(daily, '21');
    await user.click(within(form).getByRole('button', { name: 'Save booking rules' }));
    expect(upcoming).toHaveAccessibleDescription(/A student may have 1 to 20 upcoming visits/);
    expect(daily).toHaveAccessibleDescription(/A student may book 1 to 20 visits a day/);
    expect(saveBookingRules).not.toHaveBeenCalled();

    await user.clear(upcoming);
    await user.type(upcoming, '5');
    await user.clear(daily);
    await user.type(daily, '2');
    await user.click(within(form).getByRole('button', { name: 'Save booking rules' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Booking rules saved'));
    expect(jest.mocked(saveBookingRules).mock.calls[0][1].rules).toMatchObject({
      studentUpcomingLimit: 5,
      studentDailyBookingLimit: 2,
    });
  });

  it('lists upcoming closures, adds one and removes one', async () => {
    jest.mocked(addClosure).mockResolvedValue(undefined);
    jest.mocked(removeClosure).mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderPage();
    const list = screen.getByRole('list', { name: 'Upcoming closures' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Wed, 25 Dec 2030 – Thu, 26 Dec 2030 · Holidays');

    const form = screen.getByRole('form', { name: 'Add a closure' });
    await user.click(within(form).getByRole('button', { name: 'Add closure' }));
    expect(within(form).getByText('Say why the clinic is closed')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('First day'), '2030-04-18');
    await user.type(within(form).getByLabelText('Reason'), 'Staff training');
    await user.click(within(form).getByRole('button', { name: 'Add closure' }));
    await waitFor(() =>
      expect(addClosure).toHaveBeenCalledWith(
        {},
        { firstDay: '2030-04-18', lastDay: '2030-04-18', reason: 'Staff training' },
      ),
    );
    expect(notifySuccess).toHaveBeenCalledWith('Closure added');

    await user.click(within(list).getByRole('button', { name: 'Remove closure Wed, 25 Dec 2030 – Thu, 26 Dec 2030' }));
    await waitFor(() => expect(removeClosure).toHaveBeenCalledWith({}, 'c1'));
    expect(notifySuccess).toHaveBeenCalledWith('Closure removed');
  });

  it('lists the booked visits a closure affects before adding it: going back adds nothing, going on adds it', async () => {
    const visit = {
      appointment: { ...appointmentFixture(), provider: adams },
      doctorName: 'Dr Amelia Adams',
      problem: 'The clinic will be closed that day',
    };
    jest.mocked(listVisitsAffectedBy).mockResolvedValue({ rows: [visit], total: 1 });
    jest.mocked(addClosure).mockResolvedValue(undefined);
    // A closure may begin on any day from the clinic's today on.
    const day = addDays(dayInZone(new Date(), clinic.settings.timezone), 3);
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Add a closure' });
    await user.type(within(form).getByLabelText('First day'), day);
    await user.type(within(form).getByLabelText('Reason'), 'Water outage');
    await user.click(within(form).getByRole('button', { name: 'Add closure' }));

    let dialog = await screen.findByRole('dialog', { name: 'This change affects 1 booked visit' });
    expect(listVisitsAffectedBy).toHaveBeenCalledWith(
      {},
      { kind: 'closure', starts_on: day, ends_on: day },
      { page: 1, pageSize: 10 },
    );
    const row = within(dialog).getByRole('listitem', { name: 'Ada Obi, Thu, 26 Nov 2026, 09:00' });
    expect(row).toHaveTextContent('The clinic will be closed that day');
    expect(within(row).getByRole('button', { name: 'Another doctor' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(addClosure).not.toHaveBeenCalled();
    expect(notifySuccess).not.toHaveBeenCalled();
    // What was typed is still there, to change or to try again.
    expect(within(form).getByLabelText('Reason')).toHaveValue('Water outage');

    await user.click(within(form).getByRole('button', { name: 'Add closure' }));
    dialog = await screen.findByRole('dialog', { name: 'This change affects 1 booked visit' });
    await user.click(within(dialog).getByRole('button', { name: 'Add the closure anyway' }));
    await waitFor(() =>
      expect(addClosure).toHaveBeenCalledWith({}, { firstDay: day, lastDay: day, reason: 'Water outage' }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Closure added'));
    expect(within(form).getByLabelText('Reason')).toHaveValue('');
  });

  it('shows the visits a change affects a page at a time, counting them all', async () => {
    const visitOn = (day: number) => ({
      appointment: {
        ...appointmentFixture(),
        id: `v${day}`,
        name: `Student ${day}`,
        date: `2026-12-${String(day).padStart(2, '0')}T15:00:00.000Z`,
        provider: adams,
      },
      doctorName: 'Dr Amelia Adams',
      problem: 'Outside the new opening hours',
    });
    jest
      .mocked(listVisitsAffectedBy)
      .mockImplementation(async (_client, _change, { page }) =>
        page === 1
          ? { rows: Array.from({ length: 10 }, (_, i) => visitOn(i + 1)), total: 12 }
          : { rows: [visitOn(11), visitOn(12)], total: 12 },
      );
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Opening hours' });
    await user.click(within(form).getByRole('checkbox', { name: 'Open on Friday' }));
    await user.click(within(form).getByRole('button', { name: 'Save opening hours' }));

    const dialog = await screen.findByRole('dialog', { name: 'This change affects 12 booked visits' });
    expect(within(within(dialog).getByRole('list')).getAllByRole('listitem')).toHaveLength(10);
    const pages = within(dialog).getByRole('navigation', { name: 'Affected visits pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('listitem', { name: /^Student 12/ })).toBeInTheDocument();
    expect(listVisitsAffectedBy).toHaveBeenLastCalledWith({}, expect.objectContaining({ kind: 'clinic_hours' }), {
      page: 2,
      pageSize: 10,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(saveClinicHours).not.toHaveBeenCalled();
  });

  it('asks which visits new opening hours leave out, sending the open days', async () => {
    jest.mocked(saveClinicHours).mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Opening hours' });
    await user.click(within(form).getByRole('checkbox', { name: 'Open on Friday' }));
    await user.click(within(form).getByRole('button', { name: 'Save opening hours' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Opening hours saved'));
    expect(listVisitsAffectedBy).toHaveBeenCalledWith(
      {},
      {
        kind: 'clinic_hours',
        hours: [1, 2, 3, 4].map((weekday) => ({ weekday, opens_at: '08:00', closes_at: '17:00' })),
      },
      { page: 1, pageSize: 10 },
    );
  });

  it("checks and saves the clinic's contact details and the booking grace period", async () => {
    jest.mocked(saveClinicContact).mockResolvedValue(clinic.settings);
    jest.mocked(saveBookingRules).mockResolvedValue(clinic.settings);
    const user = userEvent.setup();
    renderPage();
    const contact = screen.getByRole('form', { name: 'Contact details' });
    await user.type(within(contact).getByLabelText('Phone'), 'call us');
    await user.type(within(contact).getByLabelText('Email'), 'clinic@');
    await user.click(within(contact).getByRole('button', { name: 'Save contact details' }));
    expect(within(contact).getByLabelText('Phone')).toHaveAccessibleDescription(/Enter a valid phone number/);
    expect(within(contact).getByLabelText('Email')).toHaveAccessibleDescription(/Enter a valid email address/);
    expect(saveClinicContact).not.toHaveBeenCalled();

    await user.clear(within(contact).getByLabelText('Phone'));
    await user.type(within(contact).getByLabelText('Phone'), '+1 212 555 0100');
    await user.clear(within(contact).getByLabelText('Email'));
    await user.type(within(contact).getByLabelText('Address'), ' 1 College Road ');
    await user.click(within(contact).getByRole('button', { name: 'Save contact details' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Contact details saved'));
    expect(saveClinicContact).toHaveBeenCalledWith(
      {},
      { universityId: 'u1', contact: { phone: '+1 212 555 0100', email: null, address: '1 College Road' } },
    );

    const rules = screen.getByRole('form', { name: 'Booking rules' });
    const grace = within(rules).getByLabelText('Grace period after booking (minutes)');
    expect(grace).toHaveValue(15);
    await user.clear(grace);
    await user.type(grace, '121');
    await user.click(within(rules).getByRole('button', { name: 'Save booking rules' }));
    expect(grace).toHaveAccessibleDescription(/The grace period is between 0 and 120 minutes/);
    expect(saveBookingRules).not.toHaveBeenCalled();
    await user.clear(grace);
    await user.type(grace, '30');
    await user.click(within(rules).getByRole('button', { name: 'Save booking rules' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Booking rules saved'));
    expect(jest.mocked(saveBookingRules).mock.calls[0][1].rules).toMatchObject({ bookingGraceMinutes: 30 });
  });

  it('keeps the staff idle limit within 5 to 60 minutes and saves it as a number', async () => {
    jest.mocked(saveStaffIdleMinutes).mockResolvedValue(clinic.settings);
    const user = userEvent.setup();
    renderPage();
    const form = screen.getByRole('form', { name: 'Idle sign-out' });
    const minutes = within(form).getByLabelText('Sign staff out after (minutes without activity)');
    expect(minutes).toHaveValue(15);
    await user.clear(minutes);
    await user.type(minutes, '61');
    await user.click(within(form).getByRole('button', { name: 'Save idle sign-out' }));
    expect(within(form).getByText('Staff are signed out after 5 to 60 minutes without activity')).toBeInTheDocument();
    expect(saveStaffIdleMinutes).not.toHaveBeenCalled();

    await user.clear(minutes);
    await user.type(minutes, '30');
    await user.click(within(form).getByRole('button', { name: 'Save idle sign-out' }));
    await waitFor(() => expect(saveStaffIdleMinutes).toHaveBeenCalledWith({}, { universityId: 'u1', minutes: 30 }));
    expect(notifySuccess).toHaveBeenCalledWith('Idle sign-out saved');
  });

  it('shows other admins the settings read-only', () => {
    member = { ...superAdmin, is_super_admin: false };
    renderPage();
    expect(screen.getByText("Only a super admin can change the clinic's settings.")).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toBeDisabled();
    expect(screen.getByLabelText('Sign staff out after (minutes without activity)')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Open on Monday' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a closure' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove closure/ })).not.toBeInTheDocument();
  });
});
