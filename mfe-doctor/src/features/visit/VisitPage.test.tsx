import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { API_MESSAGES, ApiError, queryClient, type Visit } from '@campuscare/shared';
import { clinic } from '../../../../test/web/appointmentsTestData';
import { ADAMS_ID, letterFixture, openedVisitFixture, visitFixture } from '../../test/clinicalTestData';
import { memberFixture } from '../../../../test/web/fixtures';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { loadClinic, listFreeSlots } from '../../../../shared/src/scheduling/schedulingApi';
import { addAddendum, listUpcomingVisits, openVisit, saveNote, signVisit } from './visitApi';
import { NOTE_AUTOSAVE_MS } from './NoteSection';
import { VisitPage } from './VisitPage';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
}));
jest.mock('../../../../shared/src/scheduling/schedulingApi', () => ({
  ...jest.requireActual('../../../../shared/src/scheduling/schedulingApi'),
  loadClinic: jest.fn(),
  listFreeSlots: jest.fn(),
}));
const mockDoctor = { current: 'doctor-1' };
jest.mock('../../../../shared/src/profile/UserProfileProvider', () => ({
  ...jest.requireActual('../../../../shared/src/profile/UserProfileProvider'),
  useUserProfile: () => ({ status: 'signedIn', member: memberFixtureFor(mockDoctor.current) }),
}));
jest.mock('./visitApi', () => ({
  ...jest.requireActual('./visitApi'),
  openVisit: jest.fn(),
  saveNote: jest.fn(),
  signVisit: jest.fn(),
  addAddendum: jest.fn(),
  listUpcomingVisits: jest.fn(),
}));

function memberFixtureFor(id: string) {
  return id === ADAMS_ID
    ? memberFixture('doctor', { id, title: 'Dr', first_name: 'Amelia', last_name: 'Adams' })
    : memberFixture('doctor', { id, title: 'Dr', first_name: 'Tunde', last_name: 'Bello' });
}

const open = jest.mocked(openVisit);
const save = jest.mocked(saveNote);
const sign = jest.mocked(signVisit);

/** The visits row a save or a signature returns, for the note as sent. */
function visitRow(overrides: Partial<Visit> = {}): Visit {
  const {
    vital_signs: _vitals,
    diagnoses: _diagnoses,
    prescriptions: _prescriptions,
    addenda: _addenda,
    excuse_letters: _letters,
    doctor_name: _name,
    kind: _kind,
    date: _date,
    duration_minutes: _minutes,
    reason: _reason,
    ...row
  } = visitFixture();
  return { ...row, university_id: 'u1', updated_at: '2026-11-24T14:20:00Z', ...overrides };
}

function renderVisit(path = '/visit?id=visit-1') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <VisitPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  mockDoctor.current = ADAMS_ID;
  open.mockReset().mockResolvedValue(openedVisitFixture());
  save.mockReset().mockImplementation(async (_client, input) => visitRow(input.note));
  sign.mockReset();
  jest.mocked(addAddendum).mockReset();
  jest.mocked(listUpcomingVisits).mockReset().mockResolvedValue([]);
  jest.mocked(loadClinic).mockResolvedValue(clinic);
  jest.mocked(listFreeSlots).mockReset().mockResolvedValue([]);
  jest.mocked(notifySuccess).mockReset();
});

afterEach(() => queryClient.clear());

describe('the visit page', () => {
  it('says what to do when no visit was chosen', () => {
    renderVisit('/visit');
    expect(screen.getByRole('heading', { level: 1, name: 'Visit' })).toBeInTheDocument();
    expect(screen.getByText('No visit chosen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboarrd');
    expect(open).not.toHaveBeenCalled();
  });

  it('says in words for people when the visit cannot be opened, and tries again', async () => {
    open.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = renderVisit();
    expect(await screen.findByRole('alert')).toHaveTextContent(API_MESSAGES.unreachable);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Rosa Garcia')).toBeInTheDocument();
  });

  it('shows the student with the allergies first, and the draft to write', async () => {
    renderVisit();
    const patient = await screen.findByRole('region', { name: 'Patient' });
    expect(within(patient).getByText('NFU/2024/018')).toBeInTheDocument();
    expect(within(patient).getByRole('region', { name: 'Allergies' })).toHaveTextContent('Penicillin (rash)');
    expect(within(patient).getByRole('link', { name: 'Patient chart' })).toHaveAttribute(
      'href',
      '/patientchart?student=student-1',
    );
    expect(within(patient).getByText('Draft')).toBeInTheDocument();
    for (const part of ['Vital signs', 'Note', 'Diagnoses', 'Prescriptions', 'Excuse letters', 'Follow-up', 'Sign'])
      expect(await screen.findByRole('region', { name: part })).toBeInTheDocument();
    expect(screen.getByLabelText('Chief complaint')).toHaveValue('Malaria');
    expect(open).toHaveBeenCalledWith({}, 'visit-1');
  });

  it('saves the note once typing pauses, and says so', async () => {
    const user = renderVisit();
    await user.type(await screen.findByLabelText('Subjective'), 'Fever for two days');
    expect(screen.getByText('Unsaved changes: saving when you pause typing')).toBeInTheDocument();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1), { timeout: NOTE_AUTOSAVE_MS + 2000 });
    expect(save).toHaveBeenCalledWith(
      {},
      {
        visitId: 'visit-1',
        note: {
          chief_complaint: 'Malaria',
          subjective: 'Fever for two days',
          objective: null,
          assessment: null,
          plan: null,
          follow_up: null,
        },
      },
    );
    expect(await screen.findByText(/^All changes saved/)).toBeInTheDocument();
  });

  it('keeps what was typed when the note cannot be saved, and saves it on Save note', async () => {
    save.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const user = renderVisit();
    const plan = await screen.findByLabelText('Plan');
    await user.type(plan, 'Rest');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Not saved: see why above, then Save note to try again')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Visit note' })).toHaveTextContent(API_MESSAGES.unreachable);
    expect(plan).toHaveValue('Rest');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText(/^All changes saved/)).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('signs after a confirmation that says it is final, saving the note first, then shows the signed visit read-only', async () => {
    sign.mockImplementation(async () =>
      visitRow({ status: 'signed', signed_at: '2026-11-24T14:40:00Z', assessment: 'Uncomplicated malaria' }),
    );
    const user = renderVisit();
    await user.type(await screen.findByLabelText('Assessment'), 'Uncomplicated malaria');
    await user.click(within(screen.getByRole('region', { name: 'Sign' })).getByRole('button', { name: 'Sign visit' }));

    const dialog = screen.getByRole('dialog', { name: 'Sign this visit?' });
    expect(dialog).toHaveTextContent('Signing is final.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign visit' }));

    expect(await screen.findByRole('region', { name: 'Signed visit' })).toHaveTextContent('Uncomplicated malaria');
    expect(save.mock.calls[0]?.[1]).toEqual({
      visitId: 'visit-1',
      note: expect.objectContaining({ assessment: 'Uncomplicated malaria' }),
    });
    expect(save.mock.invocationCallOrder[0]).toBeLessThan(sign.mock.invocationCallOrder[0] ?? 0);
    expect(sign).toHaveBeenCalledWith({}, 'visit-1');
    expect(notifySuccess).toHaveBeenCalledWith('Visit signed');
    expect(screen.getByText('Signed')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Visit note' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Record vital signs' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Add an addendum' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Opened once: what the page wrote is shown without another (recorded) read.
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('waits for a save on its way before signing', async () => {
    let finishSave: (row: Visit) => void = () => undefined;
    save.mockImplementationOnce(() => new Promise<Visit>((resolve) => (finishSave = resolve)));
    sign.mockImplementation(async () =>
      visitRow({ status: 'signed', signed_at: '2026-11-24T14:40:00Z', assessment: 'Uncomplicated malaria' }),
    );
    const user = renderVisit();
    await user.type(await screen.findByLabelText('Assessment'), 'Uncomplicated malaria');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    await user.click(within(screen.getByRole('region', { name: 'Sign' })).getByRole('button', { name: 'Sign visit' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Sign this visit?' })).getByRole('button', { name: 'Sign visit' }),
    );
    expect(sign).not.toHaveBeenCalled();
    finishSave(visitRow({ assessment: 'Uncomplicated malaria' }));
    expect(await screen.findByRole('region', { name: 'Signed visit' })).toHaveTextContent('Uncomplicated malaria');
    expect(save).toHaveBeenCalledTimes(1);
    expect(sign).toHaveBeenCalledTimes(1);
  });

  it("shows the database's refusal to sign in the dialog, and the visit stays a draft", async () => {
    sign.mockRejectedValue(
      new ApiError('Record an assessment or a diagnosis before signing the visit', { code: 'P0001' }),
    );
    const user = renderVisit();
    await user.click(
      within(await screen.findByRole('region', { name: 'Sign' })).getByRole('button', { name: 'Sign visit' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Sign this visit?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign visit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Record an assessment or a diagnosis before signing the visit',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('form', { name: 'Visit note' })).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('lets another doctor read a signed visit and add an addendum, with no way to change it', async () => {
    mockDoctor.current = 'doctor-2';
    open.mockResolvedValue(
      openedVisitFixture({
        status: 'signed',
        signed_at: '2026-11-24T14:40:00Z',
        assessment: 'Uncomplicated malaria',
        excuse_letters: [letterFixture()],
      }),
    );
    jest.mocked(addAddendum).mockImplementation(async (_client, input) => ({
      id: 'addendum-1',
      visit_id: input.visitId,
      university_id: 'u1',
      student_id: 'student-1',
      author_id: 'doctor-2',
      text: input.text,
      created_at: '2026-11-25T09:00:00Z',
    }));
    const user = renderVisit();
    const record = await screen.findByRole('region', { name: 'Signed visit' });
    expect(record).toHaveTextContent('Uncomplicated malaria');
    expect(screen.queryByRole('form', { name: 'Issue an excuse letter' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Revoke the letter for/ })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Assessment' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add addendum' }));
    expect(screen.getByLabelText('Addendum')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Addendum'), 'Blood film negative.');
    await user.click(screen.getByRole('button', { name: 'Add addendum' }));
    const addenda = await screen.findByRole('list', { name: 'Addenda' });
    expect(addenda).toHaveTextContent('Dr Tunde Bello');
    expect(addenda).toHaveTextContent('Blood film negative.');
    expect(addAddendum).toHaveBeenCalledWith({}, { visitId: 'visit-1', text: 'Blood film negative.' });
  });
});
