import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Member, Program } from '../database.types';
import { API_MESSAGES } from '../data/apiError';
import { PROGRAM_PAST_DATE_MESSAGE } from '../validation/schemas';
import { ProgramWizard } from './ProgramWizard';
import { ProgramBoard } from './ProgramBoard';
import { ProgramCards } from './ProgramCards';
import { ProgramsEmptyState } from './ProgramsEmptyState';
import { programExcerpt } from './programFormat';
import { createProgram, listPrograms, localIsoDate, updateProgram, type ProgramTiming } from './programsApi';

const author = {
  id: 'm1',
  university_id: 'u1',
  first_name: 'Northfield University',
  last_name: '',
  title: null,
  email: 'admin@northfield.edu',
  role: 'admin',
} as Member;

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn(), notifyError: jest.fn() }));
jest.mock('../profile/UserProfileProvider', () => ({ useUserProfile: () => ({ status: 'signedIn', member: author }) }));
jest.mock('./programsApi', () => ({
  ...jest.requireActual('./programsApi'),
  createProgram: jest.fn(),
  updateProgram: jest.fn(),
  listPrograms: jest.fn(),
}));

const DAY_MS = 24 * 60 * 60 * 1000;
const inDays = (days: number) => localIsoDate(new Date(Date.now() + days * DAY_MS));
const NEXT_MONTH = inDays(30);

const stored: Program = {
  id: 'p1',
  university_id: 'u1',
  title: 'Malaria Week',
  description: 'Talks',
  date: NEXT_MONTH,
  time: '10:30:00',
  location: 'Hall',
  program_type: 'Awareness',
  target_audience: 'All students',
  activities: 'Tests',
  organiser: 'Northfield University',
  created_by: 'm1',
  created_at: '2026-01-01T00:00:00Z',
};

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillStepOne(date = NEXT_MONTH) {
  type('Title', 'Malaria Week');
  type('Description', 'Talks');
  type('Date', date);
  type('Time', '10:30');
}

function fillStepTwo() {
  type('Location', 'Hall');
  type('Program Type', 'Awareness');
  type('Target Audience', 'All students');
  type('Activities', 'Tests');
}

beforeEach(() => {
  jest.mocked(createProgram).mockReset();
  jest.mocked(updateProgram).mockReset();
  jest.mocked(listPrograms).mockReset();
});

describe('ProgramWizard', () => {
  it('validates step 1 before moving on and keeps its values when going back', () => {
    render(<ProgramWizard open onClose={jest.fn()} onSaved={jest.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Create a new program' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(screen.getByRole('dialog', { name: 'Create a new program' })).toBeInTheDocument();

    fillStepOne();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Almost done!' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Malaria Week');
    expect(screen.getByLabelText('Time')).toHaveValue('10:30');
  });

  it('refuses a past date for a new program with the database’s words', () => {
    render(<ProgramWizard open onClose={jest.fn()} onSaved={jest.fn()} />);
    fillStepOne(inDays(-1));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(PROGRAM_PAST_DATE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');

    type('Date', localIsoDate());
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Almost done!' })).toBeInTheDocument();
  });

  it('validates step 2, saves, reports the created row and closes', async () => {
    jest.mocked(createProgram).mockResolvedValue(stored);
    const onSaved = jest.fn();
    const onClose = jest.fn();
    render(<ProgramWizard open onClose={onClose} onSaved={onSaved} />);
    fillStepOne();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create program' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(4);
    expect(createProgram).not.toHaveBeenCalled();

    fillStepTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Create program' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(stored, 'created'));
    expect(createProgram).toHaveBeenCalledWith(
      {},
      author,
      expect.objectContaining({ title: 'Malaria Week', activities: 'Tests' }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the refusal in words for people and stays open when saving fails', async () => {
    jest
      .mocked(createProgram)
      .mockRejectedValue({ code: '42501', message: 'new row violates row-level security policy for table "programs"' });
    const onSaved = jest.fn();
    render(<ProgramWizard open onClose={jest.fn()} onSaved={onSaved} />);
    fillStepOne();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fillStepTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Create program' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.forbidden);
    expect(screen.getByRole('dialog', { name: 'Almost done!' })).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('takes the database’s past-date refusal back to the Date field', async () => {
    jest.mocked(createProgram).mockRejectedValue({ code: 'P0001', message: PROGRAM_PAST_DATE_MESSAGE });
    render(<ProgramWizard open onClose={jest.fn()} onSaved={jest.fn()} />);
    fillStepOne();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fillStepTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Create program' }));
    expect(await screen.findByRole('dialog', { name: 'Create a new program' })).toHaveTextContent(
      PROGRAM_PAST_DATE_MESSAGE,
    );
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits an existing program, prefilled', async () => {
    jest.mocked(updateProgram).mockResolvedValue({ ...stored, title: 'Malaria Month' });
    const onSaved = jest.fn();
    render(<ProgramWizard open program={stored} onClose={jest.fn()} onSaved={onSaved} />);
    expect(screen.getByLabelText('Title')).toHaveValue('Malaria Week');
    type('Title', 'Malaria Month');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Location')).toHaveValue('Hall');
    fireEvent.click(screen.getByRole('button', { name: 'Save program' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...stored, title: 'Malaria Month' }, 'updated'));
    expect(updateProgram).toHaveBeenCalledWith({}, 'p1', expect.objectContaining({ title: 'Malaria Month' }));
  });

  it('lets a program that took place keep its date, but not move to another past day', async () => {
    const held = { ...stored, date: inDays(-10) };
    jest.mocked(updateProgram).mockResolvedValue(held);
    const onSaved = jest.fn();
    render(<ProgramWizard open program={held} onClose={jest.fn()} onSaved={onSaved} />);
    type('Date', inDays(-11));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(PROGRAM_PAST_DATE_MESSAGE)).toBeInTheDocument();

    type('Date', held.date);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save program' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(held, 'updated'));
  });
});

describe('ProgramCards and the details view', () => {
  it('shows date, title, excerpt and organiser, with the optional menu', () => {
    const onEdit = jest.fn();
    render(<ProgramCards programs={[stored]} actionsFor={() => [{ label: 'Edit', onSelect: onEdit }]} />);
    const card = screen.getByRole('article', { name: 'Malaria Week' });
    expect(card).toHaveTextContent('10:30');
    expect(card).toHaveTextContent('Organised by Northfield University');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Malaria Week' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalled();
  });

  it('opens every stored detail of a program, saying which were not given', () => {
    render(<ProgramCards programs={[{ ...stored, activities: null }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'View details of Malaria Week' }));
    const details = screen.getByRole('dialog', { name: 'Malaria Week' });
    const definition = (term: string) => within(details).getByText(term).nextElementSibling;
    expect(definition('Location')).toHaveTextContent('Hall');
    expect(definition('Type')).toHaveTextContent('Awareness');
    expect(definition('Audience')).toHaveTextContent('All students');
    expect(definition('Activities')).toHaveTextContent('Not given');
    expect(details).not.toHaveTextContent('This program has taken place');
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cuts long descriptions', () => {
    expect(programExcerpt('x'.repeat(200))).toHaveLength(141);
    expect(programExcerpt('short')).toBe('short');
  });

  it('offers to create the first program', () => {
    const onCreate = jest.fn();
    render(<ProgramsEmptyState onCreate={onCreate} />);
    expect(screen.getByText("You haven't created any program yet")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create a program' }));
    expect(onCreate).toHaveBeenCalled();
  });
});

describe('ProgramBoard', () => {
  const answer = (rows: { readonly upcoming: readonly Program[]; readonly past: readonly Program[] }) =>
    jest.mocked(listPrograms).mockImplementation(async (_client, { timing }: { readonly timing: ProgramTiming }) => ({
      rows: rows[timing],
      total: rows[timing].length,
    }));

  it('lists upcoming programs first and past ones in their own section', async () => {
    const held = { ...stored, id: 'p0', title: 'Vaccination Clinic', date: inDays(-10) };
    answer({ upcoming: [stored], past: [held] });
    render(
      <MemoryRouter>
        <ProgramBoard emptyTitle="No programs yet" create={{ to: '/newprogram' }} />
      </MemoryRouter>,
    );
    const upcoming = await screen.findByRole('list', { name: 'Upcoming programs' });
    expect(within(upcoming).getByRole('article', { name: 'Malaria Week' })).toBeInTheDocument();
    const past = await screen.findByRole('list', { name: 'Past programs' });
    expect(within(past).getByRole('article', { name: 'Vaccination Clinic' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New program' })).toHaveAttribute('href', '/newprogram');
    expect(listPrograms).toHaveBeenCalledWith(
      {},
      expect.objectContaining({ timing: 'upcoming', page: 1, today: localIsoDate() }),
    );

    fireEvent.click(within(past).getByRole('button', { name: 'View details of Vaccination Clinic' }));
    expect(screen.getByRole('dialog', { name: 'Vaccination Clinic' })).toHaveTextContent(
      'This program has taken place.',
    );
  });

  it('shows the empty state with the way to create one when the university has no programs', async () => {
    answer({ upcoming: [], past: [] });
    const onCreate = jest.fn();
    render(
      <MemoryRouter>
        <ProgramBoard emptyTitle="You haven't created any program yet" create={{ onCreate }} />
      </MemoryRouter>,
    );
    expect(await screen.findByText("You haven't created any program yet")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create a program' }));
    expect(onCreate).toHaveBeenCalled();
    expect(screen.getAllByRole('button', { name: 'Create a program' })).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Past programs' })).not.toBeInTheDocument();
  });
});
