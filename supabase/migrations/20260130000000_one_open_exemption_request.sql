-- One exemption request per student and requirement at a time: while one waits for the clinic, or once one was
-- accepted, the student cannot ask again. The student's page hides "Ask for an exemption" then; this makes it a rule,
-- so a second request sent some other way does not pile up in the doctors' review queue. Asking again after a
-- rejection stays possible: the rejected request is decided.
create function private.immunization_exemptions_one_open()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_open text;
begin
  select e.review_status into v_open
  from public.immunization_exemptions e
  where e.student_id = new.student_id and e.requirement_id = new.requirement_id and e.review_status in ('pending', 'approved')
  order by e.review_status = 'approved' desc
  limit 1;
  if v_open = 'approved' then
    perform private.fail('The clinic already accepted your exemption from this requirement');
  elsif v_open = 'pending' then
    perform private.fail('Your exemption request for this requirement is waiting for the clinic: you can ask again once it is decided');
  end if;
  return new;
end;
$$;

-- Only a request being made is checked: the review functions decide requests, and nothing turns one back to pending.
create trigger immunization_exemptions_one_open before insert on public.immunization_exemptions
  for each row when (new.review_status = 'pending') execute function private.immunization_exemptions_one_open();

-- Two requests sent at the same moment both pass the trigger's look; this index lets only one of them in.
create unique index immunization_exemptions_one_pending_idx on public.immunization_exemptions (student_id, requirement_id)
  where review_status = 'pending';
