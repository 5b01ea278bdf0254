export const BOOKING_MESSAGES = {
  booked: 'Appointment booked successfully',
} as const;
