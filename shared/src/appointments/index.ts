export * from './appointmentsApi';
export * from './AppointmentDialogs';
export * from './AppointmentsOverview';
export * from './FreeSlotPicker';
export * from './clinicCalendar';
