-- Removing a doctor who had ever had a visit failed with "This appointment is already completed (or cancelled) and can
-- no longer change": deleting the account sets the doctor of their appointments, visits, letters and addenda to null,
-- and a finished appointment or a signed record never changes. The clinic must keep those records with whom they were
-- with and who wrote them, so such an account is not removed: remove_member says so, and that deactivating keeps the
-- person out while the records stay. A doctor with visits still booked is not removed either: those students would
-- be left with a visit no doctor can see. A student's removal is unchanged (their own records go with their account).
create or replace function public.remove_member(member_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_me public.members := private.require_super_admin();
  v_target public.members := private.member_of_my_university(member_id, v_me);
  v_upcoming integer;
begin
  if v_target.id = v_me.id then
    perform private.fail('You cannot remove your own account');
  end if;
  if v_target.role <> 'student' then
    if exists (select 1 from public.appointments a where a.provider_id = v_target.id and a.status <> 'scheduled')
       or exists (select 1 from public.visits v where v.doctor_id = v_target.id)
       or exists (select 1 from public.excuse_letters l where l.issued_by = v_target.id or l.revoked_by = v_target.id)
       or exists (select 1 from public.visit_addenda x where x.author_id = v_target.id) then
      perform private.fail(format(
        '%s has visits on record, and the clinic keeps its records with their doctor, so this account cannot be removed. '
        'Deactivate it instead: they can no longer sign in, and the records stay.', private.member_display_name(v_target)));
    end if;
    select count(*) into v_upcoming from public.appointments a where a.provider_id = v_target.id and a.status = 'scheduled';
    if v_upcoming > 0 then
      perform private.fail(format(
        '%s still has %s booked visit%s: give %s to another doctor or cancel %s, then remove the account.',
        private.member_display_name(v_target), v_upcoming, case when v_upcoming = 1 then '' else 's' end,
        case when v_upcoming = 1 then 'it' else 'them' end, case when v_upcoming = 1 then 'it' else 'them' end));
    end if;
  end if;
  delete from auth.users u where u.id = v_target.id;
end;
$$;
