import { agendaBounds, agendaDays, agendaTitle, groupByDay, shiftAnchor } from './agenda';
import type { AgendaAppointment } from './agendaApi';

const ZONE = 'America/New_York';

function visit(id: string, date: string): AgendaAppointment {
  return {
    id,
    student_id: `s-${id}`,
    date,
    duration_minutes: 30,
    name: `Student ${id}`,
    reason: 'Check-up',
    status: 'scheduled',
  };
}

describe('the agenda on the clinic calendar', () => {
  it('shows one day, or Monday to Sunday of its week', () => {
    expect(agendaDays('2026-11-25', 'day')).toEqual(['2026-11-25']);
    expect(agendaDays('2026-11-25', 'week')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(agendaDays('2026-11-29', 'week')[0]).toBe('2026-11-23');
    expect(shiftAnchor('2026-11-25', 'day', -1)).toBe('2026-11-24');
    expect(shiftAnchor('2026-11-25', 'week', 1)).toBe('2026-12-02');
  });

  it("reads the range from the clinic's midnights, also across a daylight-saving change", () => {
    expect(agendaBounds(['2026-11-24'], ZONE)).toEqual({
      from: '2026-11-24T05:00:00.000Z',
      to: '2026-11-25T05:00:00.000Z',
    });
    // Clocks go forward on Sunday 14 March 2027: that week ends at midnight EDT.
    expect(agendaBounds(agendaDays('2027-03-10', 'week'), ZONE)).toEqual({
      from: '2027-03-08T05:00:00.000Z',
      to: '2027-03-15T04:00:00.000Z',
    });
  });

  it('puts each visit on the clinic day it starts, earliest first, whatever the UTC date', () => {
    const week = agendaDays('2026-11-25', 'week');
    const groups = groupByDay(
      [
        visit('late', '2026-11-24T21:00:00Z'), // Tuesday 16:00 in New York
        visit('early', '2026-11-24T14:00:00Z'), // Tuesday 09:00
        visit('sunday-night', '2026-11-30T03:00:00Z'), // still Sunday 29 November, 22:00, in New York
      ],
      week,
      ZONE,
    );
    expect(groups.map((group) => [group.day, group.appointments.map((appointment) => appointment.id)])).toEqual([
      ['2026-11-23', []],
      ['2026-11-24', ['early', 'late']],
      ['2026-11-25', []],
      ['2026-11-26', []],
      ['2026-11-27', []],
      ['2026-11-28', []],
      ['2026-11-29', ['sunday-night']],
    ]);
    // The same visits in London: the Sunday-night one is Monday's.
    expect(
      groupByDay([visit('sunday-night', '2026-11-30T03:00:00Z')], ['2026-11-29', '2026-11-30'], 'Europe/London')[1]
        .appointments,
    ).toHaveLength(1);
  });

  it('titles a day and a week', () => {
    expect(agendaTitle(['2026-11-24'])).toBe('Tue, 24 Nov 2026');
    expect(agendaTitle(agendaDays('2026-11-24', 'week'))).toBe('Mon, 23 Nov 2026 – Sun, 29 Nov 2026');
  });
});
