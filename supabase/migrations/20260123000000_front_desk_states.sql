-- The front desk's two states of a visit (see docs/clinical-record.md): a student checked in and waiting (`arrived`), and a
-- student who never came (`no_show`). Alone in this file because a new enum value cannot be used in the transaction
-- that adds it; the rules that use them follow in later migrations.
alter type public.appointment_status add value if not exists 'arrived' after 'scheduled';
alter type public.appointment_status add value if not exists 'no_show' after 'cancelled';
