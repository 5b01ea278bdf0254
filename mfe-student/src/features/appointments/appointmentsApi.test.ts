import type { CampusCareClient } from '@campuscare/shared';
import { bookAppointment, periodFilter } from './appointmentsApi';
import { NOW } from '../../../../test/web/appointmentsTestData';

describe('the periods of my appointments, as the server filters them', () => {
  it('puts the visit checked in for or going on and the scheduled ones still ahead under Upcoming, everything else (missed too) under Past', () => {
    expect(periodFilter('upcoming', NOW)).toBe(
      'status.in.(arrived,ongoing),and(status.eq.scheduled,date.gte."2026-11-23T15:00:00.000Z")',
    );
    expect(periodFilter('past', NOW)).toBe(
      'status.in.(completed,cancelled,no_show),and(status.eq.scheduled,date.lt."2026-11-23T15:00:00.000Z")',
    );
  });
});

describe('bookAppointment', () => {
  function recordingClient() {
    const calls: unknown[][] = [];
    const client = {
      rpc: (name: string, args: unknown) => (
        calls.push([name, args]),
        Promise.resolve({ data: { id: 'a1' }, error: null })
      ),
    } as unknown as CampusCareClient;
    return { client, calls };
  }

  it('books the type chosen, with the words given as the reason for the database to put after its name', async () => {
    const { client, calls } = recordingClient();
    await bookAppointment(client, {
      date: '2026-11-24T14:00:00Z',
      appointmentTypeId: 'type-other',
      details: '  Sports injury ',
      providerId: 'doctor-1',
      department: 'Medicine',
      year: 2,
    });
    expect(calls).toEqual([
      [
        'book_appointment',
        {
          date: '2026-11-24T14:00:00Z',
          appointment_type_id: 'type-other',
          reason: 'Sports injury',
          provider_id: 'doctor-1',
          department: 'Medicine',
          year: 2,
        },
      ],
    ]);
  });

  it('sends no reason when no words were given: the type names the visit', async () => {
    const { client, calls } = recordingClient();
    await bookAppointment(client, {
      date: '2026-11-24T14:00:00Z',
      appointmentTypeId: 'type-malaria',
      details: ' ',
      department: 'Medicine',
      year: 2,
    });
    expect(calls[0]?.[1]).toEqual({
      date: '2026-11-24T14:00:00Z',
      appointment_type_id: 'type-malaria',
      provider_id: undefined,
      department: 'Medicine',
      year: 2,
    });
  });
});
