import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiError, OTHER_REASON_MAX_LENGTH, queryClient, RULE_MESSAGES } from '@campuscare/shared';
import { listAppointmentTypes } from '../../../../shared/src/appointments/appointmentTypesApi';
import { searchActiveStudents } from '../../../../shared/src/appointments/studentSearchApi';
import { APPOINTMENT_TYPES } from '../../../../test/web/appointmentsTestData';
import { startWalkInVisit } from './visitStartApi';
import { WALK_IN_MESSAGES, WalkInVisitDialog, walkInErrors, walkInReason } from './WalkInVisitDialog';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
}));
jest.mock('../../../../shared/src/appointments/appointmentTypesApi', () => ({
  ...jest.requireActual('../../../../shared/src/appointments/appointmentTypesApi'),
  listAppointmentTypes: jest.fn(),
}));
jest.mock('../../../../shared/src/appointments/studentSearchApi', () => ({
  ...jest.requireActual('../../../../shared/src/appointments/studentSearchApi'),
  searchActiveStudents: jest.fn(),
}));
jest.mock('./visitStartApi', () => ({ ...jest.requireActual('./visitStartApi'), startWalkInVisit: jest.fn() }));

const rosa = {
  id: 'student-1',
  first_name: 'Rosa',
  last_name: 'Garcia',
  reg_number: 'NFU/2024/018',
  department: 'Law',
  year_of_study: 3,
};

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderDialog(onClose = jest.fn()) {
  render(
    <MemoryRouter initialEntries={['/dashboarrd']}>
      <Routes>
        <Route path="*" element={<WalkInVisitDialog onClose={onClose} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return { user: userEvent.setup(), onClose };
}

beforeEach(() => {
  jest
    .mocked(listAppointmentTypes)
    .mockResolvedValue([APPOINTMENT_TYPES.checkUp, APPOINTMENT_TYPES.malaria, APPOINTMENT_TYPES.other]);
  jest.mocked(searchActiveStudents).mockReset().mockResolvedValue([rosa]);
  jest.mocked(startWalkInVisit).mockReset();
});

afterEach(() => queryClient.clear());

describe('walkInErrors', () => {
  it('wants a student and a reason, and words for "Other" within the database rule', () => {
    expect(walkInErrors({ studentId: '', reasonChoice: '', otherReason: '' })).toEqual({
      studentId: WALK_IN_MESSAGES.student,
      reasonChoice: WALK_IN_MESSAGES.reasonChoice,
    });
    expect(walkInErrors({ studentId: 's', reasonChoice: 'Other', otherReason: ' ' })).toEqual({
      otherReason: WALK_IN_MESSAGES.otherReason,
    });
    expect(
      walkInErrors({ studentId: 's', reasonChoice: 'Other', otherReason: 'x'.repeat(OTHER_REASON_MAX_LENGTH + 1) }),
    ).toEqual({ otherReason: RULE_MESSAGES.invalidReason });
    expect(walkInErrors({ studentId: 's', reasonChoice: 'Malaria', otherReason: '' })).toEqual({});
    expect(walkInReason({ reasonChoice: 'Other', otherReason: ' Twisted ankle ' })).toBe('Twisted ankle');
  });
});

describe('WalkInVisitDialog', () => {
  it('finds an active student by name or number, starts the walk-in and opens its visit', async () => {
    jest.mocked(startWalkInVisit).mockResolvedValue('visit-7');
    const { user, onClose } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Start a walk-in visit' });
    await user.click(within(dialog).getByRole('button', { name: 'Start visit' }));
    expect(within(dialog).getByText(WALK_IN_MESSAGES.student)).toBeInTheDocument();
    expect(startWalkInVisit).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('searchbox', { name: 'Find the student' }), 'garcia');
    await user.click(await within(dialog).findByRole('radio', { name: 'Rosa Garcia · NFU/2024/018 · Law, year 3' }));
    expect(searchActiveStudents).toHaveBeenLastCalledWith({}, 'garcia');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Other');
    await user.type(within(dialog).getByLabelText('Why did the student come in?'), 'Twisted ankle at football');
    await user.click(within(dialog).getByRole('button', { name: 'Start visit' }));

    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/visit?id=visit-7'));
    expect(startWalkInVisit).toHaveBeenCalledWith({}, { studentId: 'student-1', reason: 'Twisted ankle at football' });
    expect(onClose).toHaveBeenCalled();
  });

  it('offers the clinic’s own types of visit as reasons, then Other', async () => {
    jest
      .mocked(listAppointmentTypes)
      .mockResolvedValue([APPOINTMENT_TYPES.counselling, APPOINTMENT_TYPES.vaccination, APPOINTMENT_TYPES.other]);
    renderDialog();
    const reason = within(screen.getByRole('dialog', { name: 'Start a walk-in visit' })).getByLabelText('Reason');
    await waitFor(() =>
      expect(
        within(reason)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a reason', 'Counselling', 'Vaccination', 'Other (describe)']),
    );
  });

  it('says when nobody matches, and shows the refusal of the database', async () => {
    jest.mocked(searchActiveStudents).mockResolvedValueOnce([]);
    jest.mocked(startWalkInVisit).mockRejectedValue(
      new ApiError('This student has a visit booked or in progress now: start or finish that one instead', {
        code: '23P01',
      }),
    );
    const { user } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Start a walk-in visit' });
    const search = within(dialog).getByRole('searchbox', { name: 'Find the student' });
    await user.type(search, 'zz');
    expect(await within(dialog).findByText('No active student matches “zz”.')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'rosa');
    await user.click(await within(dialog).findByRole('radio', { name: /^Rosa Garcia/ }));
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Malaria');
    await user.click(within(dialog).getByRole('button', { name: 'Start visit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This student has a visit booked or in progress now',
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboarrd');
  });
});
