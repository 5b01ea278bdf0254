-- Delivery bookkeeping for email_outbox: the server retries failed sends with backoff and records how each message
-- left (SMTP, or the local mailbox page when no SMTP server is configured).
alter table public.email_outbox
  add column attempts integer not null default 0 check (attempts >= 0),
  add column next_attempt_at timestamptz not null default now(),
  add column last_error text,
  add column delivered_via text check (delivered_via in ('smtp', 'mailbox'));

drop index public.email_outbox_pending_idx;
create index email_outbox_pending_idx on public.email_outbox (next_attempt_at, id) where sent_at is null;
create index email_outbox_mailbox_idx on public.email_outbox (sent_at desc) where delivered_via = 'mailbox';
