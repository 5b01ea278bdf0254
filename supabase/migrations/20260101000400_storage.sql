-- Storage buckets and their policies. The storage service runs every request as the caller's role with
-- request.jwt.claims set, so these are real RLS decisions on storage.objects.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  -- Logos appear on public pages (landing, sign-in), so the bucket is public; SVG is left out as it can carry script.
  ('university-logos', 'university-logos', true, 2097152, array['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
  ('avatars', 'avatars', false, 2097152, array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

-- university-logos: <university_id>/<file>. Anyone may read; admins and super admins of that university write.
create policy university_logos_read on storage.objects for select to anon, authenticated
  using (bucket_id = 'university-logos');
create policy university_logos_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'university-logos'
    and (storage.foldername(name))[1] = (select private.current_university_id())::text
    and (select private.is_admin())
  );
create policy university_logos_update on storage.objects for update to authenticated
  using (
    bucket_id = 'university-logos'
    and (storage.foldername(name))[1] = (select private.current_university_id())::text
    and (select private.is_admin())
  )
  with check (
    bucket_id = 'university-logos'
    and (storage.foldername(name))[1] = (select private.current_university_id())::text
    and (select private.is_admin())
  );
create policy university_logos_delete on storage.objects for delete to authenticated
  using (
    bucket_id = 'university-logos'
    and (storage.foldername(name))[1] = (select private.current_university_id())::text
    and (select private.is_admin())
  );

-- avatars: <user_id>/<file>. The owner writes; the owner and members of the same university read.
create policy avatars_read on storage.objects for select to authenticated
  using (
    bucket_id = 'avatars'
    and (select private.current_university_id()) is not null
    and (
      (storage.foldername(name))[1] = (select auth.uid())::text
      or private.shares_university((storage.foldername(name))[1])
    )
  );
create policy avatars_insert on storage.objects for insert to authenticated
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.current_university_id()) is not null
  );
create policy avatars_update on storage.objects for update to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.current_university_id()) is not null
  )
  with check (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.current_university_id()) is not null
  );
create policy avatars_delete on storage.objects for delete to authenticated
  using (
    bucket_id = 'avatars'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.current_university_id()) is not null
  );

-- Bucket metadata (limits, allowed types) is not secret; clients may read it.
create policy buckets_read on storage.buckets for select to anon, authenticated using (true);
