import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { WeeklyHoursEditor } from './WeeklyHoursEditor';
import { closedWeekdays, openDayRows, weeklyHoursErrors, weeklyHoursFrom, type WeeklyHours } from './weeklyHours';

const CLINIC_WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens_at: '08:00:00', closes_at: '17:00:00' }));

function Harness({
  initial,
  onWeek,
  ...props
}: {
  readonly initial: WeeklyHours;
  readonly onWeek: (week: WeeklyHours) => void;
  readonly readOnly?: boolean;
  readonly withClinic?: boolean;
}) {
  const [week, setWeek] = useState(initial);
  return (
    <WeeklyHoursEditor
      legend="Opening hours"
      dayOnLabel="Open"
      value={week}
      onChange={(next) => {
        setWeek(next);
        onWeek(next);
      }}
      errors={weeklyHoursErrors(week, props.withClinic ? CLINIC_WEEKDAYS : undefined)}
      readOnly={props.readOnly}
      clinicHours={props.withClinic ? CLINIC_WEEKDAYS : undefined}
    />
  );
}

describe('the weekly hours model', () => {
  it('reads stored rows into seven days and writes back only the open ones', () => {
    const week = weeklyHoursFrom([{ weekday: 1, opens_at: '09:00:00', closes_at: '13:00:00' }], CLINIC_WEEKDAYS);
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual({ weekday: 1, open: true, opensAt: '09:00', closesAt: '13:00' });
    // A closed day keeps the template's times, ready for when it is switched on.
    expect(week[1]).toEqual({ weekday: 2, open: false, opensAt: '08:00', closesAt: '17:00' });
    expect(openDayRows(week)).toEqual([{ weekday: 1, opens_at: '09:00', closes_at: '13:00' }]);
    expect(closedWeekdays(week)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('says per day what the database would refuse', () => {
    const week = weeklyHoursFrom(CLINIC_WEEKDAYS).map((day) =>
      day.weekday === 1
        ? { ...day, closesAt: '18:00' }
        : day.weekday === 2
          ? { ...day, opensAt: '12:00', closesAt: '11:00' }
          : day.weekday === 6
            ? { ...day, open: true }
            : day,
    );
    expect(weeklyHoursErrors(week)).toEqual({ 2: 'The end time must be after the start time' });
    expect(weeklyHoursErrors(week, CLINIC_WEEKDAYS)).toEqual({
      1: "Hours must be within the clinic's: 08:00–17:00",
      2: 'The end time must be after the start time',
      6: 'The clinic is closed on that day',
    });
  });
});

describe('WeeklyHoursEditor', () => {
  it('switches days on and off and edits their times, each control named by its day', () => {
    const onWeek = jest.fn();
    render(<Harness initial={weeklyHoursFrom(CLINIC_WEEKDAYS)} onWeek={onWeek} />);
    expect(screen.getByRole('group', { name: 'Opening hours' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Open on Monday' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Open on Saturday' })).not.toBeChecked();
    expect(screen.getByLabelText('Saturday from')).toBeDisabled();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Open on Saturday' }));
    expect(screen.getByLabelText('Saturday from')).toBeEnabled();
    fireEvent.change(screen.getByLabelText('Saturday until'), { target: { value: '12:00' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Open on Friday' }));

    const week = onWeek.mock.lastCall[0] as WeeklyHours;
    expect(openDayRows(week).map((row) => row.weekday)).toEqual([1, 2, 3, 4, 6]);
    expect(week[5]).toEqual({ weekday: 6, open: true, opensAt: '09:00', closesAt: '12:00' });
  });

  it("ties a day's error to its times", () => {
    render(<Harness initial={weeklyHoursFrom(CLINIC_WEEKDAYS)} onWeek={jest.fn()} />);
    fireEvent.change(screen.getByLabelText('Tuesday until'), { target: { value: '07:00' } });
    expect(screen.getByLabelText('Tuesday until')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Tuesday from')).toHaveAccessibleDescription(
      'The end time must be after the start time',
    );
  });

  it("shows the clinic's hours beside a doctor's and keeps the clinic's closed days off", () => {
    render(
      <Harness
        initial={weeklyHoursFrom([{ weekday: 1, opens_at: '09:00', closes_at: '13:00' }], CLINIC_WEEKDAYS)}
        onWeek={jest.fn()}
        withClinic
      />,
    );
    expect(screen.getByRole('rowheader', { name: 'Monday Clinic 08:00–17:00' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Sunday Clinic closed' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Open on Sunday' })).toBeDisabled();
  });

  it('is read-only for people who may not change it', () => {
    render(<Harness initial={weeklyHoursFrom(CLINIC_WEEKDAYS)} onWeek={jest.fn()} readOnly />);
    expect(screen.getByRole('checkbox', { name: 'Open on Monday' })).toBeDisabled();
    expect(screen.getByLabelText('Monday from')).toBeDisabled();
  });
});
