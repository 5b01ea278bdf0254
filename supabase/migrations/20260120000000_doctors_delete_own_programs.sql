-- A doctor who created a program may delete it, as they may already edit it: the program is theirs to take back.
-- Admins still delete any program of their university; nobody deletes another university's, and a doctor never
-- another doctor's or an admin's.
drop policy programs_delete_admin on public.programs;
create policy programs_delete on public.programs for delete to authenticated
  using (
    university_id = (select private.current_university_id())
    and ((select private.is_admin()) or ((select private.is_doctor()) and created_by = (select auth.uid())))
  );
