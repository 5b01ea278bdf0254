import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient, RULE_MESSAGES, useApiQuery } from '@campuscare/shared';
import { openedVisitFixture, readingFixture } from '../../test/clinicalTestData';
import { notifySuccess } from '../../../../shared/src/toast/toast';
import { recordVitals, removeVitals } from './visitApi';
import { visitQuery } from './visitQueries';
import { EMPTY_VITALS, vitalsColumns, vitalsErrors, VITALS_MESSAGES, VisitReadings, VitalsForm } from './VitalsSection';

jest.mock('../../../../shared/src/supabase/client', () => ({
  ...jest.requireActual('../../../../shared/src/supabase/client'),
  getSupabase: async () => ({}),
}));
jest.mock('../../../../shared/src/toast/toast', () => ({
  ...jest.requireActual('../../../../shared/src/toast/toast'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
}));
jest.mock('./visitApi', () => ({
  ...jest.requireActual('./visitApi'),
  recordVitals: jest.fn(),
  removeVitals: jest.fn(),
}));

const record = jest.mocked(recordVitals);

/** The vitals part of the visit page, on a draft already opened (the cache holds it). */
function VitalsOfDraft() {
  // The page's own query: the visit it holds is never read again.
  const opened = useApiQuery(visitQuery('visit-1'));
  if (!opened.data) return null;
  return (
    <>
      <VitalsForm visitId="visit-1" />
      <VisitReadings visit={opened.data.visit} zone="America/New_York" editable />
    </>
  );
}

function renderDraft(visit = openedVisitFixture()) {
  queryClient.setQueryData(visitQuery('visit-1').queryKey, visit);
  render(<VitalsOfDraft />);
  return userEvent.setup();
}

beforeEach(() => {
  record.mockReset();
  jest.mocked(removeVitals).mockReset();
  jest.mocked(notifySuccess).mockReset();
});

afterEach(() => queryClient.clear());

describe('vitalsErrors', () => {
  it('takes any of the eight values alone, within the ranges the database holds', () => {
    expect(vitalsErrors({ ...EMPTY_VITALS, temperatureC: '37,5' })).toEqual({});
    expect(
      vitalsErrors({ ...EMPTY_VITALS, systolicMmhg: '120', diastolicMmhg: '80', spo2Percent: '100', heightCm: '250' }),
    ).toEqual({});
    expect(vitalsColumns({ ...EMPTY_VITALS, temperatureC: '37,46', pulseBpm: ' 72 ' })).toMatchObject({
      temperature_c: 37.5,
      pulse_bpm: 72,
      weight_kg: null,
    });
  });

  it('names the field and its range for what no student can measure', () => {
    expect(
      vitalsErrors({
        ...EMPTY_VITALS,
        temperatureC: '98.6',
        pulseBpm: '300',
        spo2Percent: '49',
        weightKg: 'heavy',
        respiratoryRate: '12.5',
      }),
    ).toEqual({
      temperatureC: RULE_MESSAGES.temperature,
      pulseBpm: RULE_MESSAGES.pulse,
      spo2Percent: RULE_MESSAGES.spo2,
      weightKg: RULE_MESSAGES.weight,
      respiratoryRate: RULE_MESSAGES.respiratoryRate,
    });
    expect(RULE_MESSAGES.temperature).toBe('Temperature must be between 25 and 45 °C');
  });

  it('wants both blood pressures, the systolic above the diastolic', () => {
    expect(vitalsErrors({ ...EMPTY_VITALS, systolicMmhg: '120' })).toEqual({
      diastolicMmhg: VITALS_MESSAGES.pressurePair,
    });
    expect(vitalsErrors({ ...EMPTY_VITALS, diastolicMmhg: '80' })).toEqual({
      systolicMmhg: VITALS_MESSAGES.pressurePair,
    });
    expect(vitalsErrors({ ...EMPTY_VITALS, systolicMmhg: '80', diastolicMmhg: '80' })).toEqual({
      diastolicMmhg: VITALS_MESSAGES.pressureOrder,
    });
  });
});

describe('the vitals form', () => {
  it('shows each refusal on its field, with the unit in the label, and sends nothing', async () => {
    const user = renderDraft();
    const form = screen.getByRole('form', { name: 'Record vital signs' });
    const temperature = within(form).getByLabelText('Temperature (°C)');
    expect(temperature).toHaveAccessibleDescription('25–45 °C');
    await user.type(temperature, '98.6');
    await user.type(within(form).getByLabelText('Systolic blood pressure (mmHg)'), '120');
    await user.click(within(form).getByRole('button', { name: 'Record vital signs' }));
    expect(temperature).toHaveAccessibleDescription(`25–45 °C ${RULE_MESSAGES.temperature}`);
    expect(temperature).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Diastolic blood pressure (mmHg)')).toHaveAccessibleDescription(
      `20–200 mmHg ${VITALS_MESSAGES.pressurePair}`,
    );
    expect(record).not.toHaveBeenCalled();
  });

  it('asks for at least one value', async () => {
    const user = renderDraft();
    await user.click(screen.getByRole('button', { name: 'Record vital signs' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VITALS_MESSAGES.nothingRecorded);
    expect(record).not.toHaveBeenCalled();
  });

  it('records the reading and lists it with the BMI the database worked out and its warnings', async () => {
    const { flags: _flags, ...stored } = readingFixture({
      id: 'reading-9',
      temperature_c: 38.5,
      pulse_bpm: 72,
      weight_kg: 90,
      height_cm: 170,
      bmi: 31.1,
    });
    record.mockResolvedValue({ ...stored, university_id: 'u1', student_id: 'student-1' });
    const user = renderDraft();
    expect(screen.getByText('No vital signs recorded yet.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Temperature (°C)'), '38.5');
    await user.type(screen.getByLabelText('Weight (kg)'), '90');
    await user.type(screen.getByLabelText('Height (cm)'), '170');
    await user.click(screen.getByRole('button', { name: 'Record vital signs' }));

    const table = await screen.findByRole('table', { name: 'Readings of this visit' });
    const row = within(table).getAllByRole('row')[1];
    if (!row) throw new Error('no reading row');
    expect(within(row).getByText('38.5 °C')).toBeInTheDocument();
    expect(within(row).getByText('31.1')).toBeInTheDocument();
    expect(
      within(within(row).getByRole('list', { name: 'Warnings' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['⚠ Fever', '⚠ Obese']);
    expect(record).toHaveBeenCalledWith(
      {},
      {
        visitId: 'visit-1',
        vitals: {
          temperature_c: 38.5,
          systolic_mmhg: null,
          diastolic_mmhg: null,
          pulse_bpm: null,
          respiratory_rate: null,
          spo2_percent: null,
          weight_kg: 90,
          height_cm: 170,
        },
      },
    );
    expect(notifySuccess).toHaveBeenCalledWith('Vital signs recorded');
    // The form is ready for the next reading.
    await waitFor(() => expect(screen.getByLabelText('Temperature (°C)')).toHaveValue(''));
  });

  it("removes one of the draft's readings", async () => {
    jest.mocked(removeVitals).mockResolvedValue(undefined);
    const user = renderDraft(openedVisitFixture({ vital_signs: [readingFixture()] }));
    // 14:10 UTC is 09:10 in New York: the clinic's clock, not the computer's.
    await user.click(screen.getByRole('button', { name: 'Remove the reading taken 09:10' }));
    expect(await screen.findByText('No vital signs recorded yet.')).toBeInTheDocument();
    expect(removeVitals).toHaveBeenCalledWith({}, 'reading-1');
  });
});
