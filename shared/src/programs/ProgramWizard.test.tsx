import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Member, Program } from '../database.types';
import { ProgramWizard } from './ProgramWizard';
import { ProgramCards, programExcerpt } from './ProgramCards';
import { ProgramsEmptyState } from './ProgramsEmptyState';
import { createProgram, updateProgram } from './programsApi';

const author = { id: 'm1', university_id: 'u1', first_name: 'Northfield University', last_name: '', title: null, email: 'admin@northfield.edu', role: 'admin' } as Member;

jest.mock('../supabase/client', () => ({ getSupabase: async () => ({}) }));
jest.mock('../toast/toast', () => ({ notifySuccess: jest.fn() }));
jest.mock('../profile/UserProfileProvider', () => ({ useUserProfile: () => ({ status: 'signedIn', member: author }) }));
jest.mock('./programsApi', () => ({
  ...jest.requireActual('./programsApi'),
  createProgram: jest.fn(),
  updateProgram: jest.fn(),
}));

const stored: Program = {
  id: 'p1',
  university_id: 'u1',
  title: 'Malaria Week',
  description: 'Talks',
  date: '2026-03-02',
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

function fillStepOne() {
  type('Title', 'Malaria Week');
  type('Description', 'Talks');
  type('Date', '2026-03-02');
  type('Time', '10:30');
}

function fillStepTwo() {
  type('Location', 'Hall');
  type('Program Type', 'Awareness');
  type('Target Audience', 'All students');
  type('Activities', 'Tests');
}

beforeEach(() => jest.mocked(createProgram).mockReset());

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
    expect(createProgram).toHaveBeenCalledWith({}, author, expect.objectContaining({ title: 'Malaria Week', activities: 'Tests' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the database error and stays open when saving fails', async () => {
    jest.mocked(createProgram).mockRejectedValue(new Error('new row violates row-level security policy'));
    const onSaved = jest.fn();
    render(<ProgramWizard open onClose={jest.fn()} onSaved={onSaved} />);
    fillStepOne();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fillStepTwo();
    fireEvent.click(screen.getByRole('button', { name: 'Create program' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('new row violates row-level security policy');
    expect(onSaved).not.toHaveBeenCalled();
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
});

describe('ProgramCards and the empty state', () => {
  it('shows date, title, excerpt and organiser, with the optional link and menu', () => {
    const onEdit = jest.fn();
    render(
      <MemoryRouter>
        <ProgramCards programs={[stored]} newProgramTo="/newprogram" actionsFor={() => [{ label: 'Edit', onSelect: onEdit }]} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('article', { name: 'Malaria Week' });
    expect(card).toHaveTextContent('2026');
    expect(card).toHaveTextContent('10:30');
    expect(card).toHaveTextContent('Organised by Northfield University');
    expect(screen.getByRole('link', { name: 'New program' })).toHaveAttribute('href', '/newprogram');
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Malaria Week' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalled();
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
