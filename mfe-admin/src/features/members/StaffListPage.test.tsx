import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { type Member, queryClient } from '@campuscare/shared';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { listMembers, makeSuperAdmin, type MemberRow } from './membersApi';
import { StaffListPage } from './StaffListPage';
import { StaffPage, NO_STAFF_MESSAGE } from './StaffPage';

let me: Member;

// The data layer inside shared reaches the client and the toasts through its own modules.
jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  useUserProfile: () => ({ status: 'signedIn', member: me }),
}));
jest.mock('./membersApi', () => ({
  ...jest.requireActual('./membersApi'),
  listMembers: jest.fn(),
  makeSuperAdmin: jest.fn(),
}));

const row = (patch: Partial<MemberRow> & Pick<MemberRow, 'id' | 'email'>): MemberRow => ({
  role: 'doctor',
  is_super_admin: false,
  status: 'active',
  must_change_password: false,
  title: null,
  first_name: '',
  last_name: '',
  phone: null,
  staff_id: null,
  position: null,
  specialization: null,
  reg_number: null,
  department: null,
  ...patch,
});

const ADMIN = row({
  id: 'me',
  email: 'admin@northfield.edu',
  role: 'admin',
  is_super_admin: true,
  first_name: 'Grace',
  last_name: 'Okafor',
});
const BELLO = row({
  id: 'bello',
  email: 'dr.bello@northfield.edu',
  title: 'Dr',
  first_name: 'Tunde',
  last_name: 'Bello',
});
const FLAGGED = row({ id: 'new', email: 'new.doctor@northfield.edu', must_change_password: true });

function renderPage(page: ReactElement) {
  render(<MemoryRouter>{page}</MemoryRouter>);
}

beforeEach(() => {
  me = { id: 'me', role: 'admin', is_super_admin: true, university_id: 'u1', email: ADMIN.email } as Member;
  jest
    .mocked(listMembers)
    .mockReset()
    .mockResolvedValue({ rows: [BELLO, ADMIN, FLAGGED], total: 3 });
  jest.mocked(makeSuperAdmin).mockReset();
  jest.mocked(notifySuccess).mockReset();
  jest.spyOn(queryClient, 'invalidateQueries');
});
afterEach(() => jest.restoreAllMocks());

describe('the staff list', () => {
  it('shows every staff member the dashboard counts, the signed-in admin marked as such and without actions', async () => {
    renderPage(<StaffListPage />);
    const table = await screen.findByRole('table', { name: 'Staff members' });
    expect(jest.mocked(listMembers).mock.calls[0][1]).toEqual({ kind: 'staff', page: 1, pageSize: 10, search: '' });
    const mine = within(table).getByRole('row', { name: /Grace Okafor/ });
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Actions for Dr Tunde Bello' })).toBeInTheDocument();
  });

  it('marks staff who must change their password', async () => {
    renderPage(<StaffListPage />);
    const table = await screen.findByRole('table', { name: 'Staff members' });
    expect(
      within(within(table).getByRole('row', { name: /new\.doctor@northfield\.edu/ })).getByText('Must change password'),
    ).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Tunde Bello/ })).queryByText('Must change password'),
    ).not.toBeInTheDocument();
  });

  it('makes a super admin after confirming, then refreshes the lists and the dashboard', async () => {
    jest.mocked(makeSuperAdmin).mockResolvedValue(undefined);
    const user = userEvent.setup();
    renderPage(<StaffListPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for Dr Tunde Bello' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make Super Admin' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Make super admin' })).getByRole('button', {
        name: 'Make Super Admin',
      }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Dr Tunde Bello is now a super admin'));
    expect(makeSuperAdmin).toHaveBeenCalledWith({}, 'bello');
    const invalidated = jest.mocked(queryClient.invalidateQueries).mock.calls.map(([filters]) => filters?.queryKey);
    expect(invalidated).toEqual(expect.arrayContaining([['members'], ['dashboard']]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the database's refusal", async () => {
    me = { ...me, is_super_admin: false };
    jest.mocked(makeSuperAdmin).mockRejectedValue({ code: 'P0001', message: 'Only a super admin can do this' });
    const user = userEvent.setup();
    renderPage(<StaffListPage />);
    expect(
      screen.getByText('Only a super admin can invite, deactivate, remove or promote staff members.'),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Actions for Dr Tunde Bello' }));
    await user.click(screen.getByRole('menuitem', { name: 'Make Super Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Make super admin' });
    await user.click(within(dialog).getByRole('button', { name: 'Make Super Admin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only a super admin can do this');
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});

describe('the staff page', () => {
  it('says nobody was added yet while the signed-in admin is the only staff member', async () => {
    jest.mocked(listMembers).mockResolvedValue({ rows: [ADMIN], total: 1 });
    renderPage(<StaffPage />);
    expect(await screen.findByText(NO_STAFF_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists the staff once someone else is there', async () => {
    renderPage(<StaffPage />);
    expect(await screen.findByRole('table', { name: 'Staff members' })).toBeInTheDocument();
    expect(screen.queryByText(NO_STAFF_MESSAGE)).not.toBeInTheDocument();
  });
});
