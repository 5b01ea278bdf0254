import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { CampusCareClient, Program } from '@campuscare/shared';
import { localIsoDate } from '@campuscare/shared/programs';
import { memberFixture } from '../../../../test/web/fixtures';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { ProgramListPage } from './ProgramListPage';

const doctor = memberFixture('doctor', { id: 'doctor-1', title: 'Dr', first_name: 'Amelia', last_name: 'Adams' });

/** An upcoming program: a month ahead, so it stays upcoming (and its date may be kept) whatever today is. */
function programFixture(overrides: Partial<Program>): Program {
  const date = localIsoDate(new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
  return {
    id: 'program-1',
    university_id: 'university-1',
    title: 'Blood Donation Drive',
    description: 'Give blood',
    date,
    time: '09:00:00',
    location: 'Sports Complex',
    program_type: 'Donation drive',
    target_audience: 'Students and staff',
    activities: 'Screening, donation',
    organiser: 'Dr Amelia Adams',
    created_by: doctor.id,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const own = programFixture({});
const admins = programFixture({
  id: 'program-2',
  title: 'Malaria Awareness Week',
  organiser: 'University Health Centre',
  created_by: 'admin-1',
});

/** The programs table as PostgREST answers the page: the upcoming programs (none past), updates and deletes. */
const upcoming = jest.fn();
const maybeSingle = jest.fn();
const deleted = jest.fn();
const update = jest.fn();
const remove = jest.fn();
const listOf = (answer: () => Promise<unknown>) => {
  const list = { order: () => list, range: answer };
  return list;
};
const client = {
  from: () => ({
    select: () => ({
      gte: () => listOf(upcoming),
      lt: () => listOf(async () => ({ data: [], error: null, count: 0 })),
    }),
    update: (values: Partial<Program>) => {
      update(values);
      return { eq: () => ({ select: () => ({ maybeSingle }) }) };
    },
    delete: () => ({
      eq: (column: string, value: string) => {
        remove(column, value);
        return { select: deleted };
      },
    }),
  }),
} as unknown as CampusCareClient;

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => client,
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
}));
jest.mock('../../../../shared/src/profile/UserProfileProvider', () => ({
  ...jest.requireActual('../../../../shared/src/profile/UserProfileProvider'),
  useUserProfile: () => ({ status: 'signedIn', member: doctor }),
}));

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/programm']}>
      <ProgramListPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  upcoming.mockReset();
  maybeSingle.mockReset();
  deleted.mockReset();
  update.mockReset();
  remove.mockReset();
  jest.mocked(notifySuccess).mockReset();
  upcoming.mockImplementation(async () => ({ data: [own, admins], error: null, count: 2 }));
});

describe('the doctor’s programs page', () => {
  it('offers Edit and Delete on the doctor’s own programs only', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'Malaria Awareness Week' });
    expect(screen.getByRole('button', { name: 'Actions for Blood Donation Drive' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Malaria Awareness Week' })).not.toBeInTheDocument();
  });

  it('edits the doctor’s own program in the program dialog', async () => {
    maybeSingle.mockResolvedValue({ data: { ...own, title: 'Blood Donation Week' }, error: null });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Blood Donation Drive' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit program' });
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveValue('Blood Donation Drive');
    await user.clear(title);
    await user.type(title, 'Blood Donation Week');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Almost done!' })).getByRole('button', { name: 'Save program' }),
    );
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Program updated'));
    expect(update).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Blood Donation Week', location: 'Sports Complex' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes the doctor’s own program once confirmed', async () => {
    deleted.mockResolvedValue({ data: [{ id: own.id }], error: null });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Blood Donation Drive' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete program' });
    expect(dialog).toHaveTextContent('Delete "Blood Donation Drive"? Students will no longer see it.');
    upcoming.mockImplementation(async () => ({ data: [admins], error: null, count: 1 }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete program' }));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Program deleted'));
    expect(remove).toHaveBeenCalledWith('id', own.id);
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Blood Donation Drive' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the database’s refusal when the program could not be deleted', async () => {
    deleted.mockResolvedValue({ data: [], error: null });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Blood Donation Drive' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete program' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete program' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot delete this program.');
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});
