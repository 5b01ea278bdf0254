import { useMemo } from 'react';
import {
  BOOKING_GRACE_MINUTES_RANGE,
  type ClinicSettings,
  FormFrame,
  SelectField,
  STUDENT_BOOKING_LIMIT_RANGE,
  TextField,
  useForm,
} from '@campuscare/shared';
import { describeMinutes } from '@campuscare/shared/scheduling';
import { bookingRulesMutation } from './clinicSettingsQueries';
import {
  LEAD_MINUTES_RANGE,
  SLOT_MINUTES_RANGE,
  timeZoneChoices,
  validateBookingRules,
  wholeMinutes,
  type BookingRulesValues,
} from './clinicRules';
import styles from './settings.module.css';

/** How much one student may book: the database holds every booking to these (appointments_student_booking). */
const STUDENT_LIMIT_FIELDS = [
  {
    name: 'upcomingLimit',
    label: 'Upcoming visits per student',
    hint: 'The most visits a student can have booked ahead at one time',
  },
  {
    name: 'dailyBookingLimit',
    label: 'Bookings per student per day',
    hint: "On the clinic's calendar, cancelled bookings included; a student can also make at most 3 bookings a minute",
  },
] as const satisfies ReadonlyArray<{
  readonly name: keyof BookingRulesValues;
  readonly label: string;
  readonly hint: string;
}>;

interface BookingRulesFormProps {
  readonly settings: ClinicSettings;
  readonly canEdit: boolean;
}

/**
 * Time zone, slot length, notice, the students' cutoff and how much one student may book; what the free slots and the
 * students' rules are built on.
 */
export function BookingRulesForm({ settings, canEdit }: BookingRulesFormProps) {
  const zones = useMemo(() => timeZoneChoices(settings.timezone), [settings.timezone]);
  const zoneOptions = useMemo(() => zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })), [zones]);
  const form = useForm({
    initial: {
      timezone: settings.timezone,
      slotMinutes: String(settings.slot_minutes),
      noticeMinutes: String(settings.min_notice_minutes),
      cutoffMinutes: String(settings.student_change_cutoff_minutes),
      graceMinutes: String(settings.booking_grace_minutes),
      upcomingLimit: String(settings.student_upcoming_limit),
      dailyBookingLimit: String(settings.student_daily_booking_limit),
    },
    validate: (candidate: BookingRulesValues) => validateBookingRules(candidate, zones),
    mutation: bookingRulesMutation,
    input: (candidate: BookingRulesValues) => ({
      universityId: settings.university_id,
      rules: {
        timezone: candidate.timezone,
        slotMinutes: Number(candidate.slotMinutes),
        minNoticeMinutes: Number(candidate.noticeMinutes),
        studentChangeCutoffMinutes: Number(candidate.cutoffMinutes),
        bookingGraceMinutes: Number(candidate.graceMinutes.trim()),
        studentUpcomingLimit: Number(candidate.upcomingLimit.trim()),
        studentDailyBookingLimit: Number(candidate.dailyBookingLimit.trim()),
      },
    }),
  });
  const { values, field } = form;
  const notice = wholeMinutes(values.noticeMinutes, LEAD_MINUTES_RANGE);
  const cutoff = wholeMinutes(values.cutoffMinutes, LEAD_MINUTES_RANGE);

  return (
    <FormFrame
      form={form}
      className={styles.form}
      label="Booking rules"
      submit="Save booking rules"
      readOnly={!canEdit}
    >
      <fieldset className={styles.plain} disabled={!canEdit}>
        <SelectField
          label="Time zone"
          options={zoneOptions}
          hint="Opening hours, free slots and every appointment time are on this clock"
          {...field('timezone')}
        />
        <TextField
          label="Slot length (minutes)"
          type="number"
          inputMode="numeric"
          min={SLOT_MINUTES_RANGE.min}
          max={SLOT_MINUTES_RANGE.max}
          {...field('slotMinutes')}
        />
        <TextField
          label="Minimum notice (minutes)"
          type="number"
          inputMode="numeric"
          min={LEAD_MINUTES_RANGE.min}
          max={LEAD_MINUTES_RANGE.max}
          hint={
            notice === undefined
              ? undefined
              : notice === 0
                ? 'Students can book any free slot that has not started'
                : `Students book at least ${describeMinutes(notice)} ahead`
          }
          {...field('noticeMinutes')}
        />
        <TextField
          label="Cancel or reschedule cutoff (minutes)"
          type="number"
          inputMode="numeric"
          min={LEAD_MINUTES_RANGE.min}
          max={LEAD_MINUTES_RANGE.max}
          hint={
            cutoff === undefined
              ? undefined
              : cutoff === 0
                ? 'Students can cancel or move a visit until it starts'
                : `Students can cancel or move a visit up to ${describeMinutes(cutoff)} before it starts; after that they call the clinic`
          }
          {...field('cutoffMinutes')}
        />
        <TextField
          label="Grace period after booking (minutes)"
          type="number"
          inputMode="numeric"
          min={BOOKING_GRACE_MINUTES_RANGE.min}
          max={BOOKING_GRACE_MINUTES_RANGE.max}
          hint="For this long after booking, a student can still cancel a visit that is already inside the cutoff"
          {...field('graceMinutes')}
        />
        {STUDENT_LIMIT_FIELDS.map(({ name, label, hint }) => (
          <TextField
            key={name}
            label={label}
            type="number"
            inputMode="numeric"
            min={STUDENT_BOOKING_LIMIT_RANGE.min}
            max={STUDENT_BOOKING_LIMIT_RANGE.max}
            hint={hint}
            {...field(name)}
          />
        ))}
      </fieldset>
    </FormFrame>
  );
}
