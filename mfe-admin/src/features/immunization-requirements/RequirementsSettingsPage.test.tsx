import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, type Member, queryClient, queryKeys, RULE_MESSAGES } from '@campuscare/shared';
import { listVaccines } from '../../../../shared/src/clinical/vaccinesApi';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import {
  createRequirement,
  deleteRequirement,
  listRequirements,
  type Requirement,
  updateRequirement,
} from './requirementsApi';
import { RequirementsSettingsPage } from './RequirementsSettingsPage';

let member: Member;

jest.mock('../../../../shared/src/supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../../../../shared/src/toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('@campuscare/shared', () => ({
  ...jest.requireActual('@campuscare/shared'),
  useUserProfile: () => ({ status: 'signedIn', member }),
}));
jest.mock('../../../../shared/src/clinical/vaccinesApi', () => ({
  ...jest.requireActual('../../../../shared/src/clinical/vaccinesApi'),
  listVaccines: jest.fn(),
}));
jest.mock('./requirementsApi', () => ({
  ...jest.requireActual('./requirementsApi'),
  listRequirements: jest.fn(),
  createRequirement: jest.fn(),
  updateRequirement: jest.fn(),
  deleteRequirement: jest.fn(),
}));

const superAdmin = { id: 'm1', role: 'admin', is_super_admin: true, university_id: 'u1' } as Member;
const registrar = { id: 'm2', role: 'admin', is_super_admin: false, university_id: 'u1' } as Member;

const MMR: Requirement = {
  id: 'r1',
  university_id: 'u1',
  name: 'MMR',
  cvx_codes: ['03'],
  doses_required: 2,
  min_interval_days: 28,
  due_on: '2026-08-03',
  due_days_after_joining: null,
  departments: [],
  years: [],
  medical_exemption: true,
  medical_exemption_needs_document: true,
  personal_exemption: true,
  personal_exemption_needs_document: false,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/immunization-requirements']}>
      <RequirementsSettingsPage />
    </MemoryRouter>,
  );
}

const invalidated = () => jest.mocked(queryClient.invalidateQueries).mock.calls.map(([filters]) => filters?.queryKey);

beforeEach(() => {
  member = superAdmin;
  jest.mocked(listVaccines).mockResolvedValue([
    { cvx_code: '43', name: 'Hepatitis B, adult' },
    { cvx_code: '03', name: 'MMR (measles, mumps and rubella)' },
  ]);
  jest.mocked(listRequirements).mockReset().mockResolvedValue([MMR]);
  for (const mock of [createRequirement, updateRequirement, deleteRequirement]) jest.mocked(mock).mockReset();
  jest.mocked(notifySuccess).mockReset();
  jest.spyOn(queryClient, 'invalidateQueries');
});

afterEach(() => {
  jest.restoreAllMocks();
  queryClient.clear();
});

describe('the immunization requirements', () => {
  it('lists every column of a requirement in words, under the settings tabs', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: 'Immunization requirements' });
    await waitFor(() => expect(within(table).getByText('MMR (measles, mumps and rubella)')).toBeInTheDocument());
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('a requirement row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 6),
    ).toEqual([
      'MMR',
      'MMR (measles, mumps and rubella)',
      '2 doses, at least 28 days apart',
      'Due Mon, 3 Aug 2026',
      'Every student',
      'Medical (document needed), Religious or personal',
    ]);
    expect(screen.getByRole('navigation', { name: 'Settings' })).toBeInTheDocument();
  });

  it('adds a requirement with its vaccines, doses, due date, whom it applies to and the exemptions it accepts', async () => {
    jest.mocked(createRequirement).mockResolvedValue({ ...MMR, id: 'r2', name: 'Hepatitis B' });
    renderPage();
    await screen.findByRole('table', { name: 'Immunization requirements' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add a requirement' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a requirement' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add the requirement' }));
    expect(within(dialog).getByRole('group', { name: 'Vaccines whose doses count' })).toHaveTextContent(
      RULE_MESSAGES.requirementVaccines,
    );
    expect(createRequirement).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Hepatitis B' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Hepatitis B, adult (CVX 43)' }));
    fireEvent.change(within(dialog).getByLabelText('Doses required'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText('Days at least between doses'), { target: { value: '28' } });
    fireEvent.change(within(dialog).getByLabelText('Days after joining'), { target: { value: '45' } });
    fireEvent.change(within(dialog).getByLabelText('Departments it applies to'), {
      target: { value: 'Medicine\nNursing' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Year 1' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Religious or personal' }));
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'A document is needed for a religious or personal exemption' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add the requirement' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(createRequirement).toHaveBeenCalledWith(
      {},
      {
        name: 'Hepatitis B',
        cvx_codes: ['43'],
        doses_required: 3,
        min_interval_days: 28,
        due_on: null,
        due_days_after_joining: 45,
        departments: ['Medicine', 'Nursing'],
        years: [1],
        medical_exemption: true,
        medical_exemption_needs_document: true,
        personal_exemption: true,
        personal_exemption_needs_document: true,
      },
    );
    expect(notifySuccess).toHaveBeenCalledWith('Requirement added');
    // Every status and count follows from the requirements.
    expect(invalidated()).toContainEqual(queryKeys.immunizations);
  });

  it('edits a requirement, a fixed due date kept, and shows the database’s refusal in the dialog', async () => {
    jest
      .mocked(updateRequirement)
      .mockRejectedValueOnce(new ApiError('Choose vaccines from the list'))
      .mockResolvedValueOnce(MMR);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Immunization requirements' });
    fireEvent.click(within(table).getByRole('button', { name: 'Actions for MMR' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit MMR' });
    expect(within(dialog).getByRole('radio', { name: 'On a fixed day' })).toBeChecked();
    expect(within(dialog).getByLabelText('Due date')).toHaveValue('2026-08-03');
    fireEvent.change(within(dialog).getByLabelText('Doses required'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the requirement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose vaccines from the list');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the requirement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(jest.mocked(updateRequirement).mock.calls[1]?.[1]).toMatchObject({
      id: 'r1',
      fields: { doses_required: 1, due_on: '2026-08-03', due_days_after_joining: null },
    });
  });

  it('deletes a requirement after asking', async () => {
    jest.mocked(deleteRequirement).mockResolvedValue(undefined);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Immunization requirements' });
    fireEvent.click(within(table).getByRole('button', { name: 'Actions for MMR' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete MMR?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete the requirement' }));
    await waitFor(() => expect(deleteRequirement).toHaveBeenCalledWith({}, 'r1'));
  });

  it('shows an admin who is not a super admin the requirements, without changing them', async () => {
    member = registrar;
    renderPage();
    await screen.findByRole('table', { name: 'Immunization requirements' });
    expect(screen.getByText('Only a super admin can change the requirements.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a requirement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for MMR' })).not.toBeInTheDocument();
  });
});
